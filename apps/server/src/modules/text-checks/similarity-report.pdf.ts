import {
  AI_CHECK_STATUS,
  AI_PUBLISHED_VERDICT,
  similarityBand,
  sourceColour,
  type ComparedWith,
  type ReportNode,
  type ReportSource,
  type SimilarityBand,
  type SimilarityReport,
} from '@veritext/contracts';
import { BOLD, REGULAR, formatDate, numberPages, openReportDocument } from '../ai-checks/ai-report.pdf.ts';
import {
  AI_BAND_COLOURS,
  AI_VERDICT_WORDS,
  countIn,
  percentIn,
  verdictAssessment,
  verdictLines,
} from '../ai-checks/ai-verdict-words.ts';
import {
  cachedMeasure,
  drawLines,
  type LineStyle,
  layout,
  tokenize,
  underline,
  type Placed as PlacedRun,
} from '../ai-checks/pdf-text.ts';
import { formatSourceDate, originLabel, type LabelLanguage } from './source-origins.ts';

/*
 * The downloadable Similarity report of a checked document (check-tool.md §3): a header, the summary
 * (similarity with its identical and changed parts, quotations, references, the AI check), the sources,
 * then the whole text with each matched passage highlighted and followed by a small [n] naming its
 * sources, and the AI check's likely / strongly likely passages underlined in the same text. Pure: input
 * in, PDF bytes out (similarity-report.ts runs it in a worker thread). Fonts, page set-up and page
 * numbers are the AI detector report's (ai-checks/ai-report.pdf.ts); the AI verdict is said in its words too
 * (ai-checks/ai-verdict-words.ts: the band, the level where it fits, what it means and how often human texts got it).
 */

export { countIn, percentIn };

export type SimilarityReportPdfInput = {
  report: SimilarityReport;
  checkedAt: Date;
  generatedAt: Date;
  fileName: string | null;
  /** The report's language (default English). */
  language?: LabelLanguage;
};

/** Every word the PDF prints, in English and Spanish. */
const STRINGS = {
  en: {
    kind: 'Similarity report',
    check: (id: string) => `Check no.\u00a0${id}`,
    footer: (id: string) => `Veritext similarity report, check no.\u00a0${id}`,
    subject: 'Similarity report',
    cut: (words: string) =>
      `Only the first ${words} words of the text were checked: a free check without an account covers one page.`,
    bands: {
      none: ['No matching text', 'nothing matched the sources it was compared with.'],
      low: ['Low similarity', 'mostly original.'],
      moderate: ['Some similarity', 'review the matched passages.'],
      high: ['High similarity', 'much of the text matches other sources.'],
      veryHigh: ['Very high similarity', 'most of the text matches other sources.'],
    } satisfies Record<SimilarityBand, readonly [string, string]>,
    caution:
      'Similarity is not proof of plagiarism: quotations, common phrases and your own earlier work can match too. Look at each source before you judge.',
    colourNote: 'Each source has its own colour, the same as its marker in the list of sources.',
    untitled: 'Untitled',
    file: (name: string) => `File: ${name}`,
    dates: (checked: string, generated: string) => `Checked ${checked}; report generated ${generated}`,
    page: (page: number, pages: number) => `Page ${String(page)} of ${String(pages)}`,
    matches: {
      1: 'Identical text',
      2: 'Changed text (reworded or paraphrased)',
      3: 'Quotation (not counted in the similarity)',
      4: 'Reference (not counted in the similarity)',
    },
    aiMarks: {
      1: 'Likely AI-written (dashed underline)',
      2: 'Strongly likely AI-written (double underline)',
    },
    aiStatus: {
      inProgress: 'In progress',
      failed: 'The AI check failed',
      tooShort: 'Not checked: the text is too short',
      tooLong: 'Not checked: the text is too long',
      language: 'Not checked: the language is not supported',
      notChecked: 'Not checked',
    },
    aiTitle: 'AI-written text',
    aiCheck: (headline: string) => `AI check: ${headline}.`,
    foundInSources: 'Found in published sources',
    likely: (p: string) => `Likely ${p}`,
    strong: (p: string) => `Strongly likely ${p}`,
    processed: (p: string) => `Processed ${p}`,
    published: (p: string) => `AI check: ${p} of the text was found in published sources and is not counted.`,
    similarity: 'Similarity',
    identical: (p: string) => `Identical ${p}`,
    changed: (p: string) => `Changed text ${p}`,
    quotations: 'Quotations',
    references: 'References',
    sourceCount: (n: string, one: boolean) => `${n} source${one ? '' : 's'}`,
    sources: 'Sources',
    noSources: 'No matching sources were found.',
    quoteSources: 'Sources of quotations',
    referenceSources: 'Sources of references',
    heads: { source: 'Source', share: 'Share', identical: 'Identical', changed: 'Changed' },
    collection: (title: string) => `Reference collection: ${title}`,
    sample: 'Sample',
    notes:
      'A small number after a highlighted passage names its sources: [1] in the list of sources, [Q1] of quotations, [R1] of references.',
    text: 'Text',
    empty: '(The text is empty.)',
    comparedWith: 'Compared with',
    instanceDocuments: (n: string) => `Documents checked on Veritext: ${n}`,
    organisationDocuments: (n: string) => `Your organisation's own documents: ${n}`,
    collectionDocuments: (title: string, n: string, one: boolean) =>
      `Reference collection '${title}': ${n} document${one ? '' : 's'}`,
    fetched: (date: string) => `Fetched ${date}`,
    internet: {
      notSearched: 'The internet: not searched',
      no_provider: 'The internet: not searched (no search provider is configured on this service)',
      provider_auth: 'The internet: not searched (the search provider refused our key)',
      provider_quota: "The internet: not searched (the search provider's quota is used up)",
      provider_unavailable: 'The internet: not searched (the search provider did not answer)',
      searched: (partial: boolean) =>
        partial ? 'The internet: partly searched (the time allowed ran out)' : 'The internet: searched',
      pages: (partial: boolean, pages: string, onePage: boolean, searches: string, oneSearch: boolean) =>
        `${partial ? 'The internet: partly searched, the time allowed ran out' : 'The internet: searched'} ` +
        `(${pages} page${onePage ? '' : 's'} compared, from ${searches} search${oneSearch ? '' : 'es'})`,
      noPages: (partial: boolean, searches: string, oneSearch: boolean) =>
        partial
          ? `The internet: partly searched, the time allowed ran out (${searches} search${oneSearch ? '' : 'es'}), and no pages to compare with were found`
          : `The internet: searched (${searches} search${oneSearch ? '' : 'es'}), but no pages to compare with were found`,
    },
  },
  es: {
    kind: 'Informe de similitud',
    check: (id: string) => `Revisión n.º\u00a0${id}`,
    footer: (id: string) => `Veritext: informe de similitud, revisión n.º\u00a0${id}`,
    subject: 'Informe de similitud',
    cut: (words: string) =>
      `Solo se revisaron las primeras ${words} palabras del texto: una revisión gratuita sin cuenta cubre una página.`,
    bands: {
      none: ['Sin texto coincidente', 'nada coincidió con las fuentes con las que se comparó.'],
      low: ['Similitud baja', 'en su mayor parte original.'],
      moderate: ['Algo de similitud', 'revisa los pasajes coincidentes.'],
      high: ['Similitud alta', 'buena parte del texto coincide con otras fuentes.'],
      veryHigh: ['Similitud muy alta', 'la mayor parte del texto coincide con otras fuentes.'],
    } satisfies Record<SimilarityBand, readonly [string, string]>,
    caution:
      'La similitud no prueba el plagio: las citas, las frases habituales y tus propios trabajos anteriores también coinciden. Revisa cada fuente antes de juzgar.',
    colourNote: 'Cada fuente tiene su propio color, el mismo que su marca en la lista de fuentes.',
    untitled: 'Sin título',
    file: (name: string) => `Archivo: ${name}`,
    dates: (checked: string, generated: string) => `Revisado el ${checked}; informe generado el ${generated}`,
    page: (page: number, pages: number) => `Página ${String(page)} de ${String(pages)}`,
    matches: {
      1: 'Texto idéntico',
      2: 'Texto modificado (reformulado o parafraseado)',
      3: 'Cita (no cuenta en la similitud)',
      4: 'Referencia (no cuenta en la similitud)',
    },
    aiMarks: {
      1: 'Probablemente escrito por IA (subrayado discontinuo)',
      2: 'Muy probablemente escrito por IA (subrayado doble)',
    },
    aiStatus: {
      inProgress: 'En curso',
      failed: 'La revisión de IA falló',
      tooShort: 'Sin revisar: el texto es demasiado corto',
      tooLong: 'Sin revisar: el texto es demasiado largo',
      language: 'Sin revisar: el idioma no es compatible',
      notChecked: 'Sin revisar',
    },
    aiTitle: 'Texto escrito por IA',
    aiCheck: (headline: string) => `Revisión de IA: ${headline}.`,
    foundInSources: 'Encontrado en fuentes publicadas',
    likely: (p: string) => `Probable ${p}`,
    strong: (p: string) => `Muy probable ${p}`,
    processed: (p: string) => `Procesado ${p}`,
    published: (p: string) => `Revisión de IA: el ${p} del texto se encontró en fuentes publicadas y no se cuenta.`,
    similarity: 'Similitud',
    identical: (p: string) => `Idéntico ${p}`,
    changed: (p: string) => `Texto modificado ${p}`,
    quotations: 'Citas',
    references: 'Referencias',
    sourceCount: (n: string, one: boolean) => `${n} fuente${one ? '' : 's'}`,
    sources: 'Fuentes',
    noSources: 'No se encontraron fuentes coincidentes.',
    quoteSources: 'Fuentes de las citas',
    referenceSources: 'Fuentes de las referencias',
    heads: { source: 'Fuente', share: 'Parte', identical: 'Idéntico', changed: 'Modificado' },
    collection: (title: string) => `Colección de referencia: ${title}`,
    sample: 'Ejemplo',
    notes:
      'Un número pequeño tras un pasaje resaltado nombra sus fuentes: [1] en la lista de fuentes, [Q1] de citas, [R1] de referencias.',
    text: 'Texto',
    empty: '(El texto está vacío.)',
    comparedWith: 'Comparado con',
    instanceDocuments: (n: string) => `Documentos revisados en Veritext: ${n}`,
    organisationDocuments: (n: string) => `Documentos propios de tu organización: ${n}`,
    collectionDocuments: (title: string, n: string, one: boolean) =>
      `Colección de referencia «${title}»: ${n} documento${one ? '' : 's'}`,
    fetched: (date: string) => `Descargada el ${date}`,
    internet: {
      notSearched: 'Internet: no se ha buscado',
      no_provider: 'Internet: no se ha buscado (este servicio no tiene configurado ningún proveedor de búsqueda)',
      provider_auth: 'Internet: no se ha buscado (el proveedor de búsqueda rechazó nuestra clave)',
      provider_quota: 'Internet: no se ha buscado (se ha agotado la cuota del proveedor de búsqueda)',
      provider_unavailable: 'Internet: no se ha buscado (el proveedor de búsqueda no respondió)',
      searched: (partial: boolean) =>
        partial ? 'Internet: búsqueda parcial (se acabó el tiempo previsto)' : 'Internet: se ha buscado',
      pages: (partial: boolean, pages: string, onePage: boolean, searches: string, oneSearch: boolean) =>
        `${partial ? 'Internet: búsqueda parcial, se acabó el tiempo previsto' : 'Internet: se ha buscado'} ` +
        `(${pages} ${onePage ? 'página comparada, encontrada' : 'páginas comparadas, encontradas'} con ` +
        `${searches} búsqueda${oneSearch ? '' : 's'})`,
      noPages: (partial: boolean, searches: string, oneSearch: boolean) =>
        partial
          ? `Internet: búsqueda parcial, se acabó el tiempo previsto (${searches} búsqueda${oneSearch ? '' : 's'}), y no se encontraron páginas que comparar`
          : `Internet: se ha buscado (${searches} búsqueda${oneSearch ? '' : 's'}), pero no se encontraron páginas que comparar`,
    },
  },
} as const;

type Strings = (typeof STRINGS)[LabelLanguage];

const TEXT_SIZE = 10;
const NOTE_SIZE = 6.5;
const LINE_HEIGHT = 15;
const FOOTER_GAP = 24;
const INK = '#111827';
const MUTED = '#4b5563';

/** How a passage matched: 0 not at all, then identical, changed, quotation, reference. */
type Match = 0 | 1 | 2 | 3 | 4;
/** The AI check's mark: 0 none, 1 likely, 2 strongly likely. */
type AiMark = 0 | 1 | 2;

/** Quotations and references: their own fills (tokens.css success / brand tints), never a source's colour. */
const MATCHES = {
  3: { fill: '#e6f5ec', ink: '#137a3b' },
  4: { fill: '#e7f0f8', ink: '#12507f' },
} as const;

/** Ink of the similarity card: the band's (tokens.css success, warning, danger). */
const BAND_INK: Record<SimilarityBand, string> = {
  none: '#137a3b',
  low: '#137a3b',
  moderate: '#8a5a00',
  high: '#b42318',
  veryHigh: '#b42318',
};

/** A neutral sample of identical and changed text in the legend (the real ones take their source's colour). */
const SAMPLE_SOURCE = 0;
const SAMPLE_INK = '#52606d';

/** How strongly a source's colour tints identical (1) and changed (2) text: the style tells them apart too. */
const TINT = { 1: 0.3, 2: 0.12 } as const;

/** `hex` mixed with white: `amount` 1 is the colour itself, 0 is white. */
export function tint(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): string => {
    const c = (value >> shift) & 0xff;
    return Math.round(255 - (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** A source's colour (SOURCE_COLOURS, the web report's --color-source-N); the neutral sample's grey. */
function colourOf(source: number): string {
  return source === SAMPLE_SOURCE ? SAMPLE_INK : sourceColour(source);
}

/**
 * Underlines rather than fills, so that they show over a match's highlight (and in black-and-white): the
 * violet of tokens.css --color-ai-likely-line / --color-ai-strong-line, which no source colour uses.
 */
const AI_MARKS = {
  1: { stroke: '#7a5af8', underline: 'dashed' },
  2: { stroke: '#5925dc', underline: 'double' },
} as const;

const AI_STATUS_TEXT: Record<number, keyof Strings['aiStatus']> = {
  [AI_CHECK_STATUS.queued]: 'inProgress',
  [AI_CHECK_STATUS.processing]: 'inProgress',
  [AI_CHECK_STATUS.failed]: 'failed',
  [AI_CHECK_STATUS.too_short]: 'tooShort',
  [AI_CHECK_STATUS.too_long]: 'tooLong',
  [AI_CHECK_STATUS.unsupported_language]: 'language',
};

/**
 * A run of the text in one style; `note` is a source number ("[1, 2]") drawn small and raised; `source` the
 * source whose colour an identical or changed run takes (its first source; 0 otherwise).
 */
type Piece = { text: string; match: Match; ai: AiMark; note: boolean; source: number };
type Placed = PlacedRun<Piece>;

function matchOf(node: ReportNode): Match {
  if (node.isIdentical) return 1;
  if (node.isChangedIndex) return 2;
  if (node.isQuote) return 3;
  if (node.isReference) return 4;
  return 0;
}

/** The source numbers of a node's match, as its note reads them: "1, 2", "Q1", "R3". */
function noteOf(node: ReportNode, match: Match): string {
  if (match === 1 || match === 2) return node.sources.join(', ');
  if (match === 3) return node.quotes.map((id) => `Q${String(id)}`).join(', ');
  if (match === 4) return node.references.map((id) => `R${String(id)}`).join(', ');
  return '';
}

function aiMarkOf(node: ReportNode): AiMark {
  if (node.isHlikely) return 2;
  return node.isLikely ? 1 : 0;
}

/** Cumulative [start, end) of each node's text (the nodes' own offsets are not trusted to add up). */
function spans(nodes: readonly ReportNode[]): { start: number; end: number; node: ReportNode }[] {
  let at = 0;
  return nodes.map((node) => {
    const start = at;
    at += node.text.length;
    return { start, end: at, node };
  });
}

/**
 * The text as styled pieces: each node's text in its match style, cut where the AI marks change
 * (`ai`: the AI nodes when they partition the same text, else none), and after each passage (a run of
 * nodes of one match and one set of sources) its note, before any trailing white space.
 */
export function textPieces(nodes: readonly ReportNode[], ai: readonly ReportNode[]): Piece[] {
  const aiSpans = spans(ai).filter((span) => aiMarkOf(span.node) !== 0);
  let next = 0;
  const out: Piece[] = [];
  let source = 0;
  const push = (text: string, match: Match, mark: AiMark, note = false): void => {
    if (text === '') return;
    const last = out.at(-1);
    const colour = match === 1 || match === 2 ? source : 0;
    if (last !== undefined && last.match === match && last.ai === mark && last.note === note && last.source === colour)
      last.text += text;
    else out.push({ text, match, ai: mark, note, source: colour });
  };
  /** `text` at `offset` of the whole text, cut by the AI spans. */
  const pushText = (text: string, offset: number, match: Match): void => {
    let at = 0;
    while (at < text.length) {
      while (next < aiSpans.length && (aiSpans[next]?.end ?? 0) <= offset + at) next++;
      const span = aiSpans[next];
      let end = text.length;
      let mark: AiMark = 0;
      if (span !== undefined && span.start <= offset + at) {
        end = Math.min(end, span.end - offset);
        mark = aiMarkOf(span.node);
      } else if (span !== undefined) {
        end = Math.min(end, span.start - offset);
      }
      push(text.slice(at, end), match, mark);
      at = end;
    }
  };
  const all = spans(nodes);
  all.forEach(({ start, node }, i) => {
    const match = matchOf(node);
    const note = noteOf(node, match);
    source = node.sources[0] ?? 0;
    const following = all[i + 1]?.node;
    const ends = following === undefined || matchOf(following) !== match || noteOf(following, match) !== note;
    if (match === 0 || !ends || note === '') {
      pushText(node.text, start, match);
      return;
    }
    const body = node.text.trimEnd();
    pushText(body, start, match);
    push(`[${note}]`, match, 0, true);
    pushText(node.text.slice(body.length), start + body.length, 0);
  });
  return out;
}

/** Neighbouring runs merge when they are drawn alike. */
function sameStyle(a: Piece, b: Piece): boolean {
  return a.match === b.match && a.ai === b.ai && a.note === b.note && a.source === b.source;
}

/** The fill and the ink of a matched run: a source's colour (identical strong, changed light) or its own. */
function matchColours(run: Pick<Piece, 'match' | 'source'>): { fill: string; ink: string } | null {
  if (run.match === 0) return null;
  if (run.match === 3 || run.match === 4) return MATCHES[run.match];
  const ink = colourOf(run.source);
  return { fill: tint(ink, TINT[run.match]), ink };
}

/** One run of a text line whose top is `top`. */
function drawRun(doc: PDFKit.PDFDocument, run: Placed, x: number, top: number): void {
  const colours = matchColours(run);
  if (run.note) {
    const ink = colours === null ? MUTED : colours.ink;
    doc
      .font(BOLD)
      .fontSize(NOTE_SIZE)
      .fillColor(ink)
      .text(run.text, x, top + 0.5, { lineBreak: false });
    doc.font(REGULAR).fontSize(TEXT_SIZE);
    return;
  }
  if (colours !== null) doc.save().rect(x, top, run.width, LINE_HEIGHT).fill(colours.fill).restore();
  if (colours !== null && (run.match === 1 || run.match === 2)) {
    // identical text: a solid line under it; changed text: a dashed one (colour is not the only cue)
    const y = top + LINE_HEIGHT - 0.5;
    doc.save().lineWidth(1).strokeColor(colours.ink);
    if (run.match === 2) doc.dash(3, { space: 2 });
    doc
      .moveTo(x, y)
      .lineTo(x + run.width, y)
      .stroke()
      .restore();
  }
  doc.fillColor(INK).text(run.text, x, top + 2, { lineBreak: false });
  if (run.ai !== 0) {
    const pen = { lineWidth: 0.9, color: AI_MARKS[run.ai].stroke, gap: 1.9 };
    underline(doc, AI_MARKS[run.ai].underline, x, top + LINE_HEIGHT - 2, run.width, pen);
  }
}

/** How the text's lines are drawn (pdf-text.ts). */
const TEXT_LINES: LineStyle<Piece> = {
  lineHeight: LINE_HEIGHT,
  font: { name: REGULAR, size: TEXT_SIZE },
  same: sameStyle,
  drawRun,
};

type Ctx = {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  bottom: number;
  language: LabelLanguage;
  t: Strings;
  percent: (value: number) => string;
};

/** Room for `height` more points on this page, else a new page. */
function ensureRoom(ctx: Ctx, height: number): void {
  if (ctx.doc.y + height > ctx.bottom) {
    ctx.doc.addPage();
    ctx.doc.x = ctx.left;
  }
}

/** A section's title, kept on one page with the next `keep` points (its first lines, its legend). */
function heading(ctx: Ctx, text: string, keep = 50): void {
  ensureRoom(ctx, keep);
  ctx.doc.moveDown(0.9).font(BOLD).fontSize(13).fillColor(INK).text(text, ctx.left, ctx.doc.y, { width: ctx.width });
  ctx.doc.moveDown(0.3);
}

/** The first words of the text, for a report without a title or a file name. */
function firstWordsOf(report: SimilarityReport, count = 8): string {
  const words = report.plagiarism.nodes
    .map((node) => node.text)
    .join('')
    .split(/\s+/)
    .filter((word) => word !== '');
  const head = words.slice(0, count).join(' ');
  return words.length > count ? `${head}…` : head;
}

/** What the report is titled by: the document's title, else its file name, else its first words. */
export function documentName(report: SimilarityReport, fileName: string | null): string {
  return report.title.trim() || fileName?.trim() || firstWordsOf(report);
}

/** The report's header: the kind of report and the check's number, then the document's name, file and dates. */
function header(ctx: Ctx, input: SimilarityReportPdfInput): void {
  const { doc, left, width, t } = ctx;
  const { report } = input;
  doc
    .font(BOLD)
    .fontSize(9.5)
    .fillColor('#12507f')
    .text(`Veritext  ·  ${t.kind.toUpperCase()}  ·  ${t.check(String(report.id))}`, left, doc.page.margins.top, {
      width,
      characterSpacing: 0.3,
    });
  doc
    .moveDown(0.3)
    .font(BOLD)
    .fontSize(18)
    .fillColor(INK)
    .text(documentName(report, input.fileName) || t.untitled, { width });
  doc.moveDown(0.3).font(REGULAR).fontSize(9.5).fillColor(MUTED);
  if (input.fileName !== null) doc.text(t.file(input.fileName), { width });
  doc.text(t.dates(formatDate(input.checkedAt), formatDate(input.generatedAt)), { width });
  if (report.cut_at_words !== undefined) {
    doc
      .moveDown(0.4)
      .font(BOLD)
      .fontSize(9.5)
      .fillColor('#8a5a00')
      .text(t.cut(countIn(ctx.language)(report.cut_at_words)), { width });
  }
}

/** A summary card: its title, its figure, a headline in its own ink under the figure, and lines of detail. */
type Card = { title: string; value: string; ink: string; headline?: { text: string; ink: string }; lines: string[] };

/**
 * The verdict of a done AI part in words (ai-verdict-words.ts), as the AI detector's report says it: the band's
 * headline, the level where it fits and what it means; a part found whole in published sources says so instead.
 * Null when the AI check is not done.
 */
export function aiVerdictWords(
  language: LabelLanguage,
  ai: SimilarityReport['ai'],
): { headline: string; ink: string; level: string | null; meaning: string | null } | null {
  if (ai.status !== AI_CHECK_STATUS.done || ai.error !== null) return null;
  if (ai.verdict === AI_PUBLISHED_VERDICT) {
    return { headline: STRINGS[language].foundInSources, ink: MUTED, level: null, meaning: null };
  }
  const words = verdictLines(language, verdictAssessment(ai));
  const ink = words.band === null ? INK : AI_BAND_COLOURS[words.band];
  return { headline: words.headline, ink, level: words.level, meaning: words.meaning };
}

function aiCard(ctx: Ctx, report: SimilarityReport): Card {
  const { t, percent } = ctx;
  const { ai } = report;
  const verdict = aiVerdictWords(ctx.language, ai);
  if (verdict !== null) {
    return {
      title: t.aiTitle,
      value: percent(ai.percents.total),
      ink: ai.percents.total > 0 ? AI_MARKS[2].stroke : INK,
      headline: { text: verdict.headline, ink: verdict.ink },
      lines: [
        t.likely(percent(ai.percents.likely)),
        t.strong(percent(ai.percents.strong)),
        t.processed(percent(ai.percents.processed)),
      ],
    };
  }
  const state = t.aiStatus[(ai.status === null ? undefined : AI_STATUS_TEXT[ai.status]) ?? 'notChecked'];
  // the AI detector's own messages are English: in Spanish the status says the same
  const error = ctx.language === 'en' ? ai.error : null;
  return { title: t.aiTitle, value: '—', ink: MUTED, lines: [error ?? state] };
}

/** The summary: four cards side by side. */
function summary(ctx: Ctx, report: SimilarityReport): void {
  const { doc, left, width, t, percent } = ctx;
  const p = report.plagiarism.percents;
  const count = countIn(ctx.language);
  const sources = (n: number): string => t.sourceCount(count(n), n === 1);
  const band = similarityBand(p.total);
  const cards: Card[] = [
    {
      title: t.similarity,
      value: percent(p.total),
      ink: BAND_INK[band],
      lines: [t.bands[band][0], t.identical(percent(p.identical)), t.changed(percent(p['changed-index']))],
    },
    {
      title: t.quotations,
      value: percent(p.quote),
      ink: MATCHES[3].ink,
      lines: [sources(report.plagiarism.quSources.length)],
    },
    {
      title: t.references,
      value: percent(p.reference),
      ink: MATCHES[4].ink,
      lines: [sources(report.plagiarism.reSources.length)],
    },
    aiCard(ctx, report),
  ];
  const gap = 8;
  const cardWidth = (width - gap * (cards.length - 1)) / cards.length;
  const inner = cardWidth - 16;
  // the titles as tall as the tallest (a long one takes two lines), the figures under them, then each card's
  // headline and lines; the cards as tall as the tallest needs (at least 98)
  const titles = Math.max(
    ...cards.map((card) => doc.font(BOLD).fontSize(8.5).heightOfString(card.title.toUpperCase(), { width: inner })),
  );
  const bodies = cards.map((card) => {
    const headline =
      card.headline === undefined
        ? 0
        : doc.font(BOLD).fontSize(8).heightOfString(card.headline.text, { width: inner }) + 2;
    return headline + doc.font(REGULAR).fontSize(8).heightOfString(card.lines.join('\n'), { width: inner });
  });
  const valueTop = 8 + Math.max(titles, 11) + 3;
  const bodyTop = valueTop + 24;
  const height = Math.max(98, bodyTop + Math.max(...bodies) + 8);
  doc.moveDown(1);
  const top = doc.y;
  cards.forEach((card, i) => {
    const x = left + i * (cardWidth + gap);
    doc.save().roundedRect(x, top, cardWidth, height, 5).lineWidth(0.8).fillAndStroke('#f9fafb', '#d1d5db').restore();
    doc
      .font(BOLD)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(card.title.toUpperCase(), x + 8, top + 8, { width: inner });
    doc
      .font(BOLD)
      .fontSize(17)
      .fillColor(card.ink)
      .text(card.value, x + 8, top + valueTop, { width: inner, lineBreak: false });
    let y = top + bodyTop;
    if (card.headline !== undefined) {
      doc
        .font(BOLD)
        .fontSize(8)
        .fillColor(card.headline.ink)
        .text(card.headline.text, x + 8, y, { width: inner });
      y = doc.y + 2;
    }
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(INK)
      .text(card.lines.join('\n'), x + 8, y, { width: inner, height: top + height - 6 - y, ellipsis: true });
  });
  doc.x = left;
  doc.y = top + height;
  // what the similarity means in words, and the caution
  const [label, meaning] = t.bands[band];
  doc
    .moveDown(0.5)
    .font(BOLD)
    .fontSize(8.5)
    .fillColor(BAND_INK[band])
    .text(`${label}: `, left, doc.y, { width, continued: true })
    .font(REGULAR)
    .fillColor(INK)
    .text(`${meaning} `, { continued: true })
    .fillColor(MUTED)
    .text(t.caution);
  // the AI verdict in words, as the AI detector's report says it: the band, the level where it fits, what it means
  // and how often human texts of the language got it in our tests, and the AI caution
  const verdict = aiVerdictWords(ctx.language, report.ai);
  if (verdict !== null) {
    const said = [verdict.level === null ? null : `${verdict.level}.`, verdict.meaning].filter((x) => x !== null);
    doc
      .moveDown(0.3)
      .font(BOLD)
      .fillColor(verdict.ink)
      .text(`${t.aiCheck(verdict.headline)} `, left, doc.y, { width, continued: true })
      .font(REGULAR);
    if (said.length > 0) doc.fillColor(INK).text(`${said.join(' ')} `, { continued: true });
    doc.fillColor(MUTED).text(AI_VERDICT_WORDS[ctx.language].caution);
  }
  // published text is not AI (text-checks/ai-published.ts): how much of it the AI part leaves out
  const published = report.ai.status === AI_CHECK_STATUS.done ? (report.ai.percents.published ?? 0) : 0;
  if (published > 0) {
    doc
      .moveDown(0.3)
      .fillColor(MUTED)
      .text(t.published(percent(published)), left, doc.y, { width });
  }
}

/** One table of sources; `prefix` numbers them as the text's notes do ("", "Q", "R"). */
function sourceTable(ctx: Ctx, sources: readonly ReportSource[], prefix: string, detail: boolean): void {
  const { doc, left, width, t, percent } = ctx;
  // the similarity sources (detail) carry their colour: a swatch before the number, as in the web report
  const first = detail ? 40 : 28;
  const cols = detail ? [first, width - first - 3 * 62, 62, 62, 62] : [first, width - first - 62, 62];
  const heads = detail
    ? ['#', t.heads.source, t.heads.share, t.heads.identical, t.heads.changed]
    : ['#', t.heads.source, t.heads.share];
  const row = (cells: string[], bold: boolean, top: number, swatch: string | null = null, link?: string): number => {
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const w = cols[i] ?? 0;
      doc.font(bold || i === 0 ? BOLD : REGULAR).fontSize(8.5);
      const inset = i === 0 && swatch !== null ? 14 : 0;
      if (inset > 0 && swatch !== null)
        doc
          .save()
          .roundedRect(x + 3, top + 3.5, 9, 9, 2)
          .fill(swatch)
          .restore();
      const options = {
        width: w - 6 - inset,
        align: i >= 2 ? ('right' as const) : ('left' as const),
        // an internet page's name, address and date open the page
        ...(i === 1 && link !== undefined ? { link } : {}),
      };
      doc.fillColor(i === 1 && !bold ? INK : MUTED).text(cell, x + 3 + inset, top + 3, options);
      height = Math.max(height, doc.heightOfString(cell, options));
      x += w;
    });
    return height + 6;
  };
  const drawHead = (): void => {
    const top = doc.y;
    const height = row(heads, true, top);
    doc
      .save()
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.8)
      .stroke('#9ca3af')
      .restore();
    doc.x = left;
    doc.y = top + height;
  };
  ensureRoom(ctx, 40);
  drawHead();
  sources.forEach((source, i) => {
    const label = sourceLabel(ctx, source);
    const cells = [`${prefix}${String(source.id)}`, label || '—', percent(source.percent)];
    if (detail) cells.push(percent(source.identical), percent(source.changedIndex));
    doc.font(REGULAR).fontSize(8.5);
    const needed = doc.heightOfString(label || '—', { width: (cols[1] ?? 0) - 6 }) + 8;
    if (doc.y + needed > ctx.bottom) {
      doc.addPage();
      drawHead();
    }
    const top = doc.y;
    if (i % 2 === 1) doc.save().rect(left, top, width, needed).fill('#f3f4f6').restore();
    const height = row(cells, false, top, detail ? colourOf(source.id) : null, pageLink(source));
    doc.x = left;
    doc.y = top + Math.max(height, needed);
  });
}

/**
 * A source as its reader sees it: a document of this instance by whose it is (source-origins.ts, in the
 * report's language); a reference collection's document by its title and its collection; an internet page
 * by its title, its address and the day it was fetched; another internet source by its name and address.
 */
export function sourceLabel(ctx: Pick<Ctx, 'language' | 't'>, source: ReportSource): string {
  const name = source.link.name.trim();
  const origin = source.origin;
  if (origin?.kind === 'web') {
    const title = originLabel(origin, name, ctx.language);
    const fetched = ctx.t.fetched(formatSourceDate(origin.fetched_at, ctx.language));
    return title === origin.url ? `${title}\n${fetched}` : `${title}\n${origin.url}\n${fetched}`;
  }
  if (origin !== undefined && origin.kind !== 'collection') return originLabel(origin, name, ctx.language);
  const where = source.source.trim();
  const label = name === '' || name === where ? where : `${name}\n${where}`;
  return origin?.kind === 'collection' ? `${label}\n${ctx.t.collection(origin.title)}` : label;
}

/**
 * The internet's line of "Compared with": searched, with the pages compared and the searches made; partly
 * searched when the time allowed ran out first; or not searched, and why.
 */
export function internetLine(language: LabelLanguage, internet: ComparedWith['internet']): string {
  const words = STRINGS[language].internet;
  if (!internet.searched) return internet.reason === null ? words.notSearched : words[internet.reason];
  const partial = internet.partial === true;
  if (internet.pages === undefined || internet.queries === undefined) return words.searched(partial);
  const count = countIn(language);
  const searches = count(internet.queries);
  if (internet.pages === 0) return words.noPages(partial, searches, internet.queries === 1);
  return words.pages(partial, count(internet.pages), internet.pages === 1, searches, internet.queries === 1);
}

/** An internet page's address as a link may carry it: http and https only (the page was a stranger's). */
export function pageLink(source: ReportSource): string | undefined {
  if (source.origin?.kind !== 'web') return undefined;
  try {
    const { protocol } = new URL(source.origin.url);
    return protocol === 'http:' || protocol === 'https:' ? source.origin.url : undefined;
  } catch {
    return undefined;
  }
}

/** What the text was compared with, as recorded when it was checked (absent from older reports). */
function comparedWithSection(ctx: Ctx, compared: ComparedWith): void {
  const { doc, left, width, t } = ctx;
  const count = countIn(ctx.language);
  const lines = [
    ...compared.documents.map((set) =>
      set.scope === 'instance' ? t.instanceDocuments(count(set.count)) : t.organisationDocuments(count(set.count)),
    ),
    ...compared.collections.map((collection) =>
      t.collectionDocuments(collection.title, count(collection.documents), collection.documents === 1),
    ),
    internetLine(ctx.language, compared.internet),
  ];
  heading(ctx, t.comparedWith, 20 + lines.length * 13);
  doc.font(REGULAR).fontSize(9.5).fillColor(INK);
  for (const line of lines) doc.text(`•  ${line}`, left, doc.y, { width });
}

function sourcesSection(ctx: Ctx, report: SimilarityReport): void {
  const { plagiarism } = report;
  const { t } = ctx;
  heading(ctx, t.sources);
  if (plagiarism.sources.length === 0) {
    ctx.doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(t.noSources, ctx.left);
  } else {
    sourceTable(ctx, plagiarism.sources, '', true);
  }
  const lists = [
    { title: t.quoteSources, list: plagiarism.quSources, prefix: 'Q' },
    { title: t.referenceSources, list: plagiarism.reSources, prefix: 'R' },
  ];
  for (const { title, list, prefix } of lists) {
    if (list.length === 0) continue;
    heading(ctx, title);
    sourceTable(ctx, list, prefix, false);
  }
}

/** A sample of each highlight (`matches`) and of each AI underline (`ai`). */
function legend(ctx: Ctx, show: { matches: boolean; ai: boolean }): void {
  const { doc, left, t } = ctx;
  const samples: Piece[] = [
    ...(show.matches
      ? ([1, 2, 3, 4] as const).map((match) => ({
          text: t.sample,
          match,
          ai: 0 as const,
          note: false,
          source: SAMPLE_SOURCE,
        }))
      : []),
    ...(show.ai
      ? ([1, 2] as const).map((ai) => ({ text: t.sample, match: 0 as const, ai, note: false, source: 0 }))
      : []),
  ];
  ensureRoom(ctx, samples.length * (LINE_HEIGHT + 3) + 20);
  doc.font(REGULAR).fontSize(TEXT_SIZE);
  for (const piece of samples) {
    const top = doc.y;
    const width = doc.widthOfString(piece.text);
    drawRun(doc, { ...piece, x: 0, width }, left, top);
    const label = piece.match !== 0 ? t.matches[piece.match] : piece.ai !== 0 ? t.aiMarks[piece.ai] : '';
    doc
      .fillColor(INK)
      .fontSize(9)
      .text(label, left + width + 10, top + 2.5, { lineBreak: false });
    doc.fontSize(TEXT_SIZE);
    doc.x = left;
    doc.y = top + LINE_HEIGHT + 3;
  }
  if (!show.matches) return;
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${t.colourNote} ${t.notes}`, left, doc.y + 2, { width: ctx.width });
}

/** The text, wrapped by hand so that each run carries its highlight, underline or note. */
function text(ctx: Ctx, pieces: readonly Piece[]): void {
  const { doc, left, width, bottom } = ctx;
  const measure = cachedMeasure<Piece>(
    (piece) => (piece.note ? `\u0001${piece.text}` : piece.text),
    (piece) =>
      piece.note
        ? doc.font(BOLD).fontSize(NOTE_SIZE).widthOfString(piece.text) + 1
        : doc.font(REGULAR).fontSize(TEXT_SIZE).widthOfString(piece.text),
  );
  const lines = layout(tokenize(pieces), width, measure);
  doc.font(REGULAR).fontSize(TEXT_SIZE);
  if (lines.length === 0) {
    doc.fillColor(MUTED).text(ctx.t.empty, left);
    return;
  }
  const top = drawLines(doc, lines, { left, top: doc.y, bottom }, TEXT_LINES);
  doc.x = left;
  doc.y = top;
}

/** The PDF Similarity report of a ready document. */
export function renderSimilarityReportPdf(input: SimilarityReportPdfInput): Promise<Buffer> {
  const { report } = input;
  const language = input.language ?? 'en';
  const t = STRINGS[language];
  const label = t.footer(String(report.id));
  const name = documentName(report, input.fileName);
  const { doc, done } = openReportDocument({
    title: name === '' ? label : `${name}: ${t.subject.toLowerCase()}`,
    subject: t.subject,
    lang: language,
    createdAt: input.generatedAt,
  });
  const ctx: Ctx = {
    doc,
    left: doc.page.margins.left,
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
    bottom: doc.page.height - doc.page.margins.bottom - FOOTER_GAP,
    language,
    t,
    percent: percentIn(language),
  };

  header(ctx, input);
  summary(ctx, report);
  if (report.compared_with !== null) comparedWithSection(ctx, report.compared_with);
  sourcesSection(ctx, report);

  const nodes = report.plagiarism.nodes;
  const aiNodes = report.ai.status === AI_CHECK_STATUS.done ? report.ai.nodes : [];
  const hasAiMarks = aiNodes.some((node) => aiMarkOf(node) !== 0);
  const content = nodes.map((node) => node.text).join('');
  // The AI marks go into the text when both parts cut up the same text, else in a section of their own.
  const together = hasAiMarks && aiNodes.map((node) => node.text).join('') === content;

  heading(ctx, t.text, 180);
  legend(ctx, { matches: true, ai: together });
  doc.moveDown(0.8);
  text(ctx, textPieces(nodes, together ? aiNodes : []));

  if (hasAiMarks && !together) {
    heading(ctx, t.aiTitle, 100);
    legend(ctx, { matches: false, ai: true });
    doc.moveDown(0.8);
    text(
      ctx,
      textPieces(
        aiNodes.map((node) => ({
          ...node,
          isIdentical: false,
          isChangedIndex: false,
          isQuote: false,
          isReference: false,
        })),
        aiNodes,
      ),
    );
  }

  numberPages(doc, label, t.page);
  doc.end();
  return done;
}
