import type { SimilarityReport, TextDocumentDetail } from '@veritext/contracts';

/** HTML-escapes text for element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.5rem;margin:0 0 1rem;overflow-wrap:anywhere}
.figures{display:flex;flex-wrap:wrap;gap:1rem;margin:0 0 1.5rem;padding:0;list-style:none}
.figures li{background:#fff;border:1px solid #d9dee5;border-radius:8px;padding:.75rem 1rem;min-width:9rem}
.figures strong{display:block;font-size:1.75rem}ol{padding-left:1.25rem}li.source{margin:0 0 1rem}
.source-name{font-weight:600;overflow-wrap:anywhere}blockquote{margin:.5rem 0;padding:.5rem .75rem;background:#fff;
border-left:4px solid #c0392b;white-space:pre-wrap;overflow-wrap:anywhere}p.note{color:#52606d}`;

function percent(value: number | null): string {
  return value === null ? '—' : `${String(Math.round(value * 100) / 100)} %`;
}

/** The matched passages of each source (the report's nodes that name it), up to five per source. */
function fragmentsBySource(report: SimilarityReport): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const node of report.plagiarism.nodes) {
    for (const sourceId of node.sources) {
      const list = out.get(sourceId) ?? [];
      if (list.length < 5 && node.text.trim() !== '') list.push(node.text.trim());
      out.set(sourceId, list);
    }
  }
  return out;
}

/**
 * The read-only report page of POST /lms/public-report/{id}/: title, similarity, AI share, the sources with their
 * matched passages. Everything from the document is escaped; the token that opened it is never part of it.
 */
export function renderReportPage(document: TextDocumentDetail, report: SimilarityReport | null): string {
  const title = escapeHtml(document.title === '' ? `Document ${String(document.id)}` : document.title);
  const ai = document.ai_status === 4 ? document.ai_percent : null;
  const parts: string[] = [];
  if (report === null) {
    parts.push(
      `<p class="note">${document.state === 4 ? 'The check failed.' : 'The check is still running. Open the report again in a minute.'}</p>`,
    );
  } else {
    const fragments = fragmentsBySource(report);
    const sources = report.plagiarism.sources.filter((source) => source.enabled);
    if (sources.length === 0) {
      parts.push('<p class="note">No matching sources were found.</p>');
    } else {
      parts.push('<h2>Sources</h2><ol>');
      for (const source of sources) {
        const name = escapeHtml(source.link.name.trim() === '' ? source.source : source.link.name);
        const quotes = (fragments.get(source.id) ?? []).map((text) => `<blockquote>${escapeHtml(text)}</blockquote>`);
        parts.push(
          `<li class="source"><div class="source-name">${name}</div><div>${percent(source.percent)} of the text</div>${quotes.join('')}</li>`,
        );
      }
      parts.push('</ol>');
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">
<title>Similarity report: ${title} — Veritext</title><style>${STYLE}</style></head>
<body><main><h1>${title}</h1>
<ul class="figures"><li>Similarity<strong>${percent(document.report.percent)}</strong></li>
<li>AI share<strong>${percent(ai)}</strong></li></ul>
${parts.join('\n')}
</main></body></html>`;
}

/** A short error page (401, 404) for the public report form. */
export function renderErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Report unavailable — Veritext</title><style>${STYLE}</style></head>
<body><main><h1>Report unavailable</h1><p class="note">${escapeHtml(message)}</p></main></body></html>`;
}
