import { AI_CHECK_STATUS, type SimilarityReport, type TextDocumentDetail } from '@veritext/contracts';

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

export type PageLanguage = 'en' | 'es';

const TEXT = {
  en: {
    document: 'Document',
    failed: 'The check failed.',
    running: 'The check is still running. Open the report again in a minute.',
    noSources: 'No matching sources were found.',
    sources: 'Sources',
    ofText: 'of the text',
    similarity: 'Similarity',
    aiShare: 'AI share',
    noAi: 'No AI check was run for this document.',
    aiRunning: 'The AI check is still running.',
    aiNone: 'The AI check could not give a figure for this text (too short, too long, another language or a failure).',
    title: 'Similarity report',
    unavailable: 'Report unavailable',
    notFound: 'There is no such report for this token.',
    badToken: 'The token is not valid.',
  },
  es: {
    document: 'Documento',
    failed: 'La revisión ha fallado.',
    running: 'La revisión sigue en curso. Vuelve a abrir el informe en un minuto.',
    noSources: 'No se encontraron fuentes coincidentes.',
    sources: 'Fuentes',
    ofText: 'del texto',
    similarity: 'Similitud',
    aiShare: 'Texto de IA',
    noAi: 'No se hizo la revisión de IA de este documento.',
    aiRunning: 'La revisión de IA sigue en curso.',
    aiNone:
      'La revisión de IA no pudo dar una cifra para este texto (demasiado corto, demasiado largo, otro idioma o un fallo).',
    title: 'Informe de similitud',
    unavailable: 'Informe no disponible',
    notFound: 'No hay tal informe para este token.',
    badToken: 'El token no es válido.',
  },
} as const;

/** The reader's language from Accept-Language: Spanish when it comes before English, else English. */
export function pageLanguageOf(acceptLanguage: string | undefined): PageLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

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
export function renderReportPage(
  document: TextDocumentDetail,
  report: SimilarityReport | null,
  language: PageLanguage = 'en',
): string {
  const text = TEXT[language];
  const title = escapeHtml(document.title === '' ? `${text.document} ${String(document.id)}` : document.title);
  const ai = document.ai_status === 4 ? document.ai_percent : null;
  const parts: string[] = [];
  if (report === null) {
    parts.push(`<p class="note">${document.state === 4 ? text.failed : text.running}</p>`);
  } else {
    const fragments = fragmentsBySource(report);
    const sources = report.plagiarism.sources.filter((source) => source.enabled);
    if (sources.length === 0) {
      parts.push(`<p class="note">${text.noSources}</p>`);
    } else {
      parts.push(`<h2>${text.sources}</h2><ol>`);
      for (const source of sources) {
        const name = escapeHtml(source.link.name.trim() === '' ? source.source : source.link.name);
        const quotes = (fragments.get(source.id) ?? []).map((text) => `<blockquote>${escapeHtml(text)}</blockquote>`);
        parts.push(
          `<li class="source"><div class="source-name">${name}</div><div>${percent(source.percent)} ${text.ofText}</div>${quotes.join('')}</li>`,
        );
      }
      parts.push('</ol>');
    }
  }
  // why there is no AI figure: none was asked for, or it is not done yet
  const aiNote =
    ai !== null
      ? ''
      : `<p class="note">${
          document.ai_status === null
            ? text.noAi
            : document.ai_status === AI_CHECK_STATUS.queued || document.ai_status === AI_CHECK_STATUS.processing
              ? text.aiRunning
              : text.aiNone
        }</p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">
<title>${text.title}: ${title} — Veritext</title><style>${STYLE}</style></head>
<body><main><h1>${title}</h1>
<ul class="figures"><li>${text.similarity}<strong>${percent(document.report.percent)}</strong></li>
<li>${text.aiShare}<strong>${percent(ai)}</strong></li></ul>
${aiNote}
${parts.join('\n')}
</main></body></html>`;
}

/** A short error page (401, 404) for the public report form. */
export function renderErrorPage(reason: 'notFound' | 'badToken', language: PageLanguage = 'en'): string {
  const text = TEXT[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${text.unavailable} — Veritext</title><style>${STYLE}</style></head>
<body><main><h1>${text.unavailable}</h1><p class="note">${text[reason]}</p></main></body></html>`;
}
