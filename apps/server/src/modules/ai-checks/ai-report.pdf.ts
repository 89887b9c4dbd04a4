import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { aiTextShares, aiVerdictBand, type AiVerdictBand } from '@veritext/contracts';
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
 * The AI detector's downloadable report (check-tool.md §2): title, dates, the verdict in words as the web
 * result says it (human / mixed / AI, the detector's level under it), the share bar, a caution, the
 * percentages, a legend and the whole text with its chunks highlighted, wrapped over as many A4 pages
 * as it takes, with page numbers. Pure: input in, PDF bytes out (ai-report.ts runs it off the event
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

/** Reliability 1 and 2: a fill and an underline style each (the underline survives black-and-white printing). */
const MARKS = {
  1: { fill: '#efe7ff', label: 'Likely AI-written (light violet, dashed underline)' },
  2: { fill: '#dccbff', label: 'Strongly likely AI-written (violet, double underline)' },
} as const;

/** The web result's verdict in words and colours (tokens.css --color-verdict-*): one band of the six levels. */
export const VERDICT_HEADLINES: Record<AiVerdictBand, { text: string; color: string; share: string }> = {
  human: { text: 'Most likely written by a person', color: '#137a3b', share: 'human' },
  mixed: { text: 'Mixed: parts may be AI-written', color: '#b54708', share: 'mixed (likely AI)' },
  ai: { text: 'Most likely AI-written', color: '#5925dc', share: 'AI (strongly likely AI)' },
};

export const AI_CAUTION =
  'No AI detector is certain. Treat this result as a reason to look closer, never as proof on its own.';

/** The underline of a highlighted run: dashed for likely, double for strong, in black. */
const UNDERLINES = { 1: 'dashed', 2: 'double' } as const;
const UNDERLINE_PEN = { lineWidth: 0.8, color: '#000000', gap: 1.8 };

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish' };

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

function formatNumber(value: number): string {
  return value.toFixed(2);
}

export function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Draws one highlighted or plain run at (x, top) of a text line. */
function drawRun(doc: PDFKit.PDFDocument, run: Placed, x: number, top: number): void {
  if (run.reliability !== 0) {
    doc.save().rect(x, top, run.width, LINE_HEIGHT).fill(MARKS[run.reliability].fill).restore();
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

/** The PDF report of a done AI check. */
export function renderAiReportPdf(input: AiReportInput): Promise<Buffer> {
  const title = `Veritext AI detector report #${String(input.id)}`;
  const { doc, done } = openReportDocument({
    title,
    subject: 'AI detector report',
    lang: input.lang ?? 'en',
    createdAt: input.generatedAt,
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - FOOTER_GAP;

  // Header: title, dates, verdict, score, percentages.
  doc.font(BOLD).fontSize(18).fillColor('#111827').text('Veritext AI detector report', left, doc.page.margins.top);
  doc.moveDown(0.3).font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(`Check #${String(input.id)}, checked ${formatDate(input.checkedAt)}`);
  doc.text(`Report generated ${formatDate(input.generatedAt)}`);
  if (input.lang !== null) doc.text(`Language: ${LANGUAGES[input.lang] ?? input.lang}`);

  // The verdict in words (as the web result shows it), the detector's level, the share bar and a caution.
  const band = aiVerdictBand(input.verdict);
  doc
    .moveDown(0.8)
    .font(BOLD)
    .fontSize(15)
    .fillColor(band === null ? '#111827' : VERDICT_HEADLINES[band].color);
  doc.text(band === null ? 'No verdict' : VERDICT_HEADLINES[band].text, left);
  doc.font(REGULAR).fontSize(10).fillColor('#111827');
  if (input.verdict !== null) doc.text(`Detector level: ${capitalise(input.verdict)}`, left);
  const shares = aiTextShares({ likely_percent: input.likelyPercent, strong_percent: input.strongPercent });
  doc.moveDown(0.4);
  const barTop = doc.y;
  let barX = left;
  for (const part of ['human', 'mixed', 'ai'] as const) {
    const partWidth = (width * shares[part]) / 100;
    if (partWidth > 0) doc.save().rect(barX, barTop, partWidth, 8).fill(VERDICT_HEADLINES[part].color).restore();
    barX += partWidth;
  }
  doc.x = left;
  doc.y = barTop + 12;
  doc.text(
    'Share of the text: ' +
      (['human', 'mixed', 'ai'] as const)
        .map((part) => `${formatNumber(shares[part])} % ${VERDICT_HEADLINES[part].share}`)
        .join(', ') +
      '.',
    left,
  );
  doc.moveDown(0.3).fillColor('#374151').text(AI_CAUTION, left, doc.y, { width });
  doc.fillColor('#111827').moveDown(0.5);
  const stats: [string, number][] = [
    ['Text processed', input.processedPercent],
    ['Likely AI', input.likelyPercent],
    ['Strongly likely AI', input.strongPercent],
  ];
  for (const [label, value] of stats) {
    const y = doc.y;
    doc.font(REGULAR).text(label, left, y, { width: 160 });
    doc.font(BOLD).text(`${formatNumber(value)} %`, left + 160, y, { width: 80, align: 'right' });
    doc.x = left;
  }

  // Legend: a sample of each mark.
  doc.moveDown(0.8).font(BOLD).fontSize(10).text('Legend', left);
  doc.moveDown(0.2).font(REGULAR).fontSize(TEXT_SIZE);
  for (const reliability of [1, 2] as const) {
    const top = doc.y;
    const sample = 'Sample';
    drawRun(doc, { x: 0, width: doc.widthOfString(sample), text: sample, reliability }, left, top);
    doc.text(MARKS[reliability].label, left + doc.widthOfString(sample) + 8, top + 2, { lineBreak: false });
    doc.x = left;
    doc.y = top + LINE_HEIGHT + 4;
  }

  doc.moveDown(0.8).font(BOLD).fontSize(12).fillColor('#111827').text('Text', left);
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

  numberPages(doc, title);
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
