import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/*
 * The AI detector's downloadable report (check-tool.md §2): title, dates, verdict and score, the
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
  1: { fill: '#fde68a', label: 'Likely AI-written (light yellow, dashed underline)' },
  2: { fill: '#fca5a5', label: 'Strongly likely AI-written (light red, double underline)' },
} as const;

const LANGUAGES: Record<string, string> = { en: 'English', es: 'Spanish' };

type Reliability = 0 | 1 | 2;
type Piece = { text: string; reliability: Reliability };
type Token = { kind: 'word'; pieces: Piece[] } | { kind: 'space'; piece: Piece } | { kind: 'newline' };
type Placed = { x: number; width: number; text: string; reliability: Reliability };

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

// Control characters (other than the line breaks) have no glyph: they print as spaces.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\ufeff]/g;

/** Words (which may straddle two runs), spaces and line breaks. */
function tokenize(segments: readonly Piece[]): Token[] {
  const tokens: Token[] = [];
  let word: Piece[] | null = null;
  for (const segment of segments) {
    const text = segment.text.replace(/\r\n?/g, '\n').replace(CONTROL, ' ');
    for (const match of text.matchAll(/\n|[^\S\n]+|\S+/g)) {
      const part = match[0];
      if (part === '\n') {
        word = null;
        tokens.push({ kind: 'newline' });
      } else if (/^\s/.test(part)) {
        word = null;
        tokens.push({ kind: 'space', piece: { text: ' ', reliability: segment.reliability } });
      } else if (word !== null && match.index === 0) {
        word.push({ text: part, reliability: segment.reliability });
      } else {
        word = [{ text: part, reliability: segment.reliability }];
        tokens.push({ kind: 'word', pieces: word });
      }
    }
  }
  return tokens;
}

/** The text wrapped into lines of placed runs, no wider than `width`. */
function layout(tokens: readonly Token[], width: number, measure: (text: string) => number): Placed[][] {
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let x = 0;
  let pendingSpace: Piece | null = null;

  const breakLine = (): void => {
    lines.push(line);
    line = [];
    x = 0;
    pendingSpace = null;
  };
  const place = (piece: Piece, pieceWidth: number): void => {
    line.push({ x, width: pieceWidth, text: piece.text, reliability: piece.reliability });
    x += pieceWidth;
  };

  for (const token of tokens) {
    if (token.kind === 'newline') {
      breakLine();
      continue;
    }
    if (token.kind === 'space') {
      if (line.length > 0) pendingSpace = token.piece;
      continue;
    }
    const widths = token.pieces.map((piece) => measure(piece.text));
    const wordWidth = widths.reduce((sum, w) => sum + w, 0);
    const spaceWidth = pendingSpace === null ? 0 : measure(' ');
    if (line.length > 0 && x + spaceWidth + wordWidth > width) breakLine();
    if (pendingSpace !== null) place(pendingSpace, spaceWidth);
    pendingSpace = null;
    if (wordWidth <= width - x) {
      token.pieces.forEach((piece, i) => {
        place(piece, widths[i] ?? 0);
      });
      continue;
    }
    // A word wider than the line (a URL, a long run of symbols) is cut by characters.
    for (const piece of token.pieces) {
      let run = '';
      for (const char of piece.text) {
        const next = run + char;
        if (x + measure(next) > width && (run !== '' || line.length > 0)) {
          if (run !== '') place({ text: run, reliability: piece.reliability }, measure(run));
          breakLine();
          run = char;
        } else {
          run = next;
        }
      }
      if (run !== '') place({ text: run, reliability: piece.reliability }, measure(run));
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** Neighbouring runs of one reliability merged, so that a line is drawn in a few calls. */
function mergeRuns(line: readonly Placed[]): Placed[] {
  const out: Placed[] = [];
  for (const run of line) {
    const last = out.at(-1);
    if (last?.reliability === run.reliability) {
      last.text += run.text;
      last.width = run.x + run.width - last.x;
    } else {
      out.push({ ...run });
    }
  }
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

/** The underline of a highlighted run: dashed for likely, double for strong. */
function underline(doc: PDFKit.PDFDocument, reliability: 1 | 2, x: number, y: number, width: number): void {
  doc.save().lineWidth(0.8).strokeColor('#000000');
  if (reliability === 1) {
    doc
      .dash(2.5, { space: 1.5 })
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke();
  } else {
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke()
      .moveTo(x, y + 1.8)
      .lineTo(x + width, y + 1.8)
      .stroke();
  }
  doc.restore();
}

/** Draws one highlighted or plain run at (x, top) of a text line. */
function drawRun(doc: PDFKit.PDFDocument, run: Placed, x: number, top: number): void {
  if (run.reliability !== 0) {
    doc.save().rect(x, top, run.width, LINE_HEIGHT).fill(MARKS[run.reliability].fill).restore();
  }
  doc.fillColor('#000000').text(run.text, x, top + 2, { lineBreak: false });
  if (run.reliability !== 0) underline(doc, run.reliability, x, top + LINE_HEIGHT - 2.2, run.width);
}

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

  doc
    .moveDown(0.8)
    .font(BOLD)
    .fontSize(13)
    .fillColor(input.flagged ? '#b91c1c' : '#111827');
  doc.text(`Verdict: ${input.verdict === null ? 'No verdict' : capitalise(input.verdict)}`);
  doc.font(REGULAR).fontSize(10).fillColor('#111827');
  if (input.score !== null) {
    doc.text(`Score: ${formatNumber(input.score)} (from 0 to 1; the verdict says AI-written from 0.50)`);
  }
  doc.moveDown(0.5);
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
  const widths = new Map<string, number>();
  const measure = (text: string): number => {
    let known = widths.get(text);
    if (known === undefined) {
      known = doc.widthOfString(text);
      widths.set(text, known);
    }
    return known;
  };
  const lines = layout(tokenize(reportSegments(input.content, input.chunks)), width, measure);
  let top = doc.y;
  for (const line of lines) {
    if (top + LINE_HEIGHT > bottom) {
      doc.addPage();
      doc.font(REGULAR).fontSize(TEXT_SIZE);
      top = doc.page.margins.top;
    }
    for (const run of mergeRuns(line)) drawRun(doc, run, left + run.x, top);
    top += LINE_HEIGHT;
  }

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
export function numberPages(doc: PDFKit.PDFDocument, label: string): void {
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
      .text(`Page ${String(i + 1)} of ${String(range.count)}`, left, footerTop, { width, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}
