import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { aiTextShares, type AiAssessment, type AiSharePart } from '@veritext/contracts';
import {
  AI_BAND_COLOURS,
  AI_VERDICT_WORDS,
  percentIn,
  verdictAssessment,
  verdictLines,
  type ReportLanguage,
} from './ai-verdict-words.ts';
import {
  cachedMeasure,
  drawLines,
  layout,
  type LineStyle,
  tokenize,
  underline,
  type Placed as PlacedRun,
} from './pdf-text.ts';

/*
 * The AI detector's downloadable report (check-tool.md §2), in English or Spanish: title, dates, the verdict in
 * words as the web result says it (reads as written by a person / not enough evidence to tell / reads as AI-written, the detector's
 * level where its name fits the evidence, what the result means and how often human texts got it in our tests;
 * issue 15), the share bar, a caution, the percentages, a legend and the whole text with its chunks highlighted,
 * wrapped over as many A4 pages as it takes, with page numbers. No score and no threshold. Pure: input in, PDF bytes out (ai-report.ts runs it off the event
 * loop). The text is real text in an embedded DejaVu Sans (Bitstream Vera licence, assets/fonts), so
 * accents, typographic quotes and dashes and most scripts come out and can be copied or extracted.
 */

export type AiReportChunk = { position: readonly [number, number]; reliability: 0 | 1 | 2 };

export type AiReportInput = {
  id: number;
  content: string;
  chunks: readonly AiReportChunk[];
  verdict: string | null;
  score: number | null;
  flagged: boolean;
  lang: string | null;
  /** The verdict as people read it (ai-assessment.ts); null or absent: read from the verdict alone. */
  assessment?: AiAssessment | null;
  /** The report's language (default English). */
  language?: ReportLanguage;
  processedPercent: number;
  likelyPercent: number;
  strongPercent: number;
  checkedAt: Date;
  generatedAt: Date;
};

const FONTS_DIR = new URL('../../../assets/fonts/', import.meta.url);
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

let fontBytes: { regular: Buffer; bold: Buffer } | null = null;

function fonts(): { regular: Buffer; bold: Buffer } {
  fontBytes ??= {
    regular: readFileSync(new URL('DejaVuSans.ttf', FONTS_DIR)),
    bold: readFileSync(new URL('DejaVuSans-Bold.ttf', FONTS_DIR)),
  };
  return fontBytes;
}

const PAGE = { size: 'A4' as const, margin: 56 };
const TEXT_SIZE = 10;
const LINE_HEIGHT = 15;
const FOOTER_GAP = 24;

export type { ReportLanguage };

/**
 * Every word the PDF prints, in English and Spanish: the web result's words (apps/web/src/i18n, ai.result); the
 * verdict's words are the Similarity report's too (ai-verdict-words.ts).
 */
export const AI_REPORT_STRINGS = {
  en: {
    title: 'Veritext AI detector report',
    subject: 'AI detector report',
    footer: (id: string) => `Veritext AI detector report #${id}`,
    check: (id: string, date: string) => `Check #${id}, checked ${date}`,
    generated: (date: string) => `Report generated ${date}`,
    language: (name: string) => `Language: ${name}`,
    languages: { en: 'English', es: 'Spanish' } as Record<string, string>,
    ...AI_VERDICT_WORDS.en,
    shares: (parts: Record<AiSharePart, string>) =>
      `Share of the text: ${parts.human} not marked, ${parts.mixed} marked likely AI-written, ${parts.ai} strongly likely AI-written.`,
    processed: 'Text processed',
    likely: 'Likely AI',
    strong: 'Strongly likely AI',
    legend: 'Legend',
    sample: 'Sample',
    marks: {
      1: 'Likely AI-written (light violet, dashed underline)',
      2: 'Strongly likely AI-written (violet, double underline)',
    },
    text: 'Text',
    page: (page: number, pages: number) => `Page ${String(page)} of ${String(pages)}`,
  },
  es: {
    title: 'Informe del detector de IA de Veritext',
    subject: 'Informe del detector de IA',
    footer: (id: string) => `Veritext: informe del detector de IA n.º\u00a0${id}`,
    check: (id: string, date: string) => `Revisión n.º\u00a0${id}, revisada el ${date}`,
    generated: (date: string) => `Informe generado el ${date}`,
    language: (name: string) => `Idioma: ${name}`,
    languages: { en: 'inglés', es: 'español' } as Record<string, string>,
    ...AI_VERDICT_WORDS.es,
    shares: (parts: Record<AiSharePart, string>) =>
      `Parte del texto: ${parts.human} sin marcar, ${parts.mixed} marcado como probablemente escrito por IA, ${parts.ai} como muy probablemente escrito por IA.`,
    processed: 'Texto procesado',
    likely: 'Probablemente IA',
    strong: 'Muy probablemente IA',
    legend: 'Leyenda',
    sample: 'Ejemplo',
    marks: {
      1: 'Probablemente escrito por IA (violeta claro, subrayado discontinuo)',
      2: 'Muy probablemente escrito por IA (violeta, subrayado doble)',
    },
    text: 'Texto',
    page: (page: number, pages: number) => `Página ${String(page)} de ${String(pages)}`,
  },
};

/** Reliability 1 and 2: a fill each, and an underline style (UNDERLINES) that survives black-and-white printing. */
const MARK_FILLS = { 1: '#efe7ff', 2: '#dccbff' } as const;

/** The bar's parts (not marked / likely / strong), in the web result's colours. */
const PART_COLOURS: Record<AiSharePart, string> = { human: '#137a3b', mixed: '#b54708', ai: '#5925dc' };

/** The underline of a highlighted run: dashed for likely, double for strong, in black. */
const UNDERLINES = { 1: 'dashed', 2: 'double' } as const;
const UNDERLINE_PEN = { lineWidth: 0.8, color: '#000000', gap: 1.8 };

type Reliability = 0 | 1 | 2;
type Piece = { text: string; reliability: Reliability };
type Placed = PlacedRun<Piece>;

const sameStyle = (a: Piece, b: Piece): boolean => a.reliability === b.reliability;

/** The content cut into runs by reliability; each character takes the first chunk that covers it. */
export function reportSegments(content: string, chunks: readonly AiReportChunk[]): Piece[] {
  const sorted = [...chunks].sort((a, b) => a.position[0] - b.position[0]);
  const out: Piece[] = [];
  let at = 0;
  const push = (end: number, reliability: Reliability): void => {
    if (end <= at) return;
    const text = content.slice(at, end);
    const last = out.at(-1);
    if (last?.reliability === reliability) last.text += text;
    else out.push({ text, reliability });
    at = end;
  };
  for (const chunk of sorted) {
    push(Math.max(0, Math.min(chunk.position[0], content.length)), 0);
    push(Math.max(0, Math.min(chunk.position[1], content.length)), chunk.reliability);
  }
  push(content.length, 0);
  return out;
}

export function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Draws one highlighted or plain run at (x, top) of a text line. */
function drawRun(doc: PDFKit.PDFDocument, run: Placed, x: number, top: number): void {
  if (run.reliability !== 0) {
    doc.save().rect(x, top, run.width, LINE_HEIGHT).fill(MARK_FILLS[run.reliability]).restore();
  }
  doc.fillColor('#000000').text(run.text, x, top + 2, { lineBreak: false });
  if (run.reliability !== 0) {
    underline(doc, UNDERLINES[run.reliability], x, top + LINE_HEIGHT - 2.2, run.width, UNDERLINE_PEN);
  }
}

/** How the text's lines are drawn (pdf-text.ts). */
const TEXT_LINES: LineStyle<Piece> = {
  lineHeight: LINE_HEIGHT,
  font: { name: REGULAR, size: TEXT_SIZE },
  same: sameStyle,
  drawRun,
};

/** The PDF report of a done AI check, in `input.language` (default English). */
export function renderAiReportPdf(input: AiReportInput): Promise<Buffer> {
  const language = input.language ?? 'en';
  const t = AI_REPORT_STRINGS[language];
  const percent = percentIn(language);
  const id = String(input.id);
  const { doc, done } = openReportDocument({
    title: t.footer(id),
    subject: t.subject,
    lang: language,
    createdAt: input.generatedAt,
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - FOOTER_GAP;

  // Header: title, dates, language.
  doc.font(BOLD).fontSize(18).fillColor('#111827').text(t.title, left, doc.page.margins.top);
  doc.moveDown(0.3).font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(t.check(id, formatDate(input.checkedAt)));
  doc.text(t.generated(formatDate(input.generatedAt)));
  if (input.lang !== null) doc.text(t.language(t.languages[input.lang] ?? input.lang));

  // The verdict in words (as the web result shows it), the detector's level where it fits, what it means.
  const verdict = verdictLines(language, verdictAssessment(input));
  doc
    .moveDown(0.8)
    .font(BOLD)
    .fontSize(15)
    .fillColor(verdict.band === null ? '#111827' : AI_BAND_COLOURS[verdict.band]);
  doc.text(verdict.headline, left, doc.y, { width });
  doc.font(REGULAR).fontSize(10).fillColor('#111827');
  if (verdict.level !== null) doc.text(verdict.level, left, doc.y, { width });
  if (verdict.meaning !== null) doc.moveDown(0.2).text(verdict.meaning, left, doc.y, { width });

  // The share bar, its words, a caution and the percentages.
  const shares = aiTextShares({ likely_percent: input.likelyPercent, strong_percent: input.strongPercent });
  doc.moveDown(0.4);
  const barTop = doc.y;
  let barX = left;
  for (const part of ['human', 'mixed', 'ai'] as const) {
    const partWidth = (width * shares[part]) / 100;
    if (partWidth > 0) doc.save().rect(barX, barTop, partWidth, 8).fill(PART_COLOURS[part]).restore();
    barX += partWidth;
  }
  doc.x = left;
  doc.y = barTop + 12;
  const shareWords = { human: percent(shares.human), mixed: percent(shares.mixed), ai: percent(shares.ai) };
  doc.text(t.shares(shareWords), left, doc.y, { width });
  doc.moveDown(0.3).fillColor('#374151').text(t.caution, left, doc.y, { width });
  doc.fillColor('#111827').moveDown(0.5);
  const stats: [string, number][] = [
    [t.processed, input.processedPercent],
    [t.likely, input.likelyPercent],
    [t.strong, input.strongPercent],
  ];
  for (const [label, value] of stats) {
    const y = doc.y;
    doc.font(REGULAR).text(label, left, y, { width: 160 });
    doc.font(BOLD).text(percent(value), left + 160, y, { width: 80, align: 'right' });
    doc.x = left;
  }

  // Legend: a sample of each mark.
  doc.moveDown(0.8).font(BOLD).fontSize(10).text(t.legend, left);
  doc.moveDown(0.2).font(REGULAR).fontSize(TEXT_SIZE);
  for (const reliability of [1, 2] as const) {
    const top = doc.y;
    const sampleWidth = doc.widthOfString(t.sample);
    drawRun(doc, { x: 0, width: sampleWidth, text: t.sample, reliability }, left, top);
    doc.text(t.marks[reliability], left + sampleWidth + 8, top + 2, { lineBreak: false });
    doc.x = left;
    doc.y = top + LINE_HEIGHT + 4;
  }

  doc.moveDown(0.8).font(BOLD).fontSize(12).fillColor('#111827').text(t.text, left);
  doc.moveDown(0.4);

  // The text, wrapped by hand so that each run can carry its background and underline.
  doc.font(REGULAR).fontSize(TEXT_SIZE);
  const measure = cachedMeasure<Piece>(
    (piece) => piece.text,
    (piece) => doc.widthOfString(piece.text),
  );
  const pieces = reportSegments(input.content, input.chunks);
  const lines = layout(tokenize(pieces), width, measure);
  drawLines(doc, lines, { left, top: doc.y, bottom }, TEXT_LINES);

  numberPages(doc, t.footer(id), t.page);
  doc.end();
  return done;
}

/**
 * A new A4 report (buffered pages, the DejaVu fonts registered as REGULAR and BOLD) and its bytes once
 * `doc.end()` is called. Shared with the Similarity report (text-checks/similarity-report.pdf.ts).
 */
export function openReportDocument(meta: { title: string; subject: string; lang: string; createdAt: Date }): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: true,
    lang: meta.lang,
    info: { Title: meta.title, Author: 'Veritext', Subject: meta.subject, CreationDate: meta.createdAt },
  });
  const { regular, bold } = fonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  return { doc, done };
}

/** `label` and "Page n of m" at the foot of every page, once the number of pages is known. */
export function numberPages(
  doc: PDFKit.PDFDocument,
  label: string,
  pageText: (page: number, pages: number) => string = (page, pages) => `Page ${String(page)} of ${String(pages)}`,
): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const footerTop = doc.page.height - doc.page.margins.bottom - 10;
    // Writing in the bottom margin must not add a page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor('#6b7280')
      .text(label, left, footerTop, { lineBreak: false })
      .text(pageText(i + 1, range.count), left, footerTop, { width, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}
