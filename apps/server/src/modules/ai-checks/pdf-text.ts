/*
 * Text laid out by hand in a PDF report, so that each run of it can carry its own marks (a background,
 * an underline, a note): the text cut into words, spaces and line breaks, wrapped into lines of placed
 * runs and drawn line by line over as many pages as it takes. Generic over the piece (a run of text in
 * one style); what a style looks like stays with each report (ai-report.pdf.ts and
 * text-checks/similarity-report.pdf.ts).
 */

/** A word (which may straddle pieces), a space (in the style of the white space it stands for) or a line break. */
export type Token<P extends { text: string }> =
  { kind: 'word'; pieces: P[] } | { kind: 'space'; piece: P } | { kind: 'newline' };

/** A piece placed on a line: `x` from the line's start, `width` its measured width. */
export type Placed<P extends { text: string }> = P & { x: number; width: number };

// Control characters (other than the line breaks) have no glyph: they print as spaces.
// eslint-disable-next-line no-control-regex
const NO_GLYPH = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\ufeff]/g;

/** Words (which may straddle pieces), spaces and line breaks; each part keeps its piece's style. */
export function tokenize<P extends { text: string }>(pieces: readonly P[]): Token<P>[] {
  const out: Token<P>[] = [];
  let word: P[] | null = null;
  for (const piece of pieces) {
    const text = piece.text.replace(/\r\n?/g, '\n').replace(NO_GLYPH, ' ');
    for (const found of text.matchAll(/\n|[^\S\n]+|\S+/g)) {
      const part = found[0];
      if (part === '\n') {
        word = null;
        out.push({ kind: 'newline' });
      } else if (/^\s/.test(part)) {
        word = null;
        out.push({ kind: 'space', piece: { ...piece, text: ' ' } });
      } else if (word !== null && found.index === 0) {
        word.push({ ...piece, text: part });
      } else {
        word = [{ ...piece, text: part }];
        out.push({ kind: 'word', pieces: word });
      }
    }
  }
  return out;
}

/** Lines of placed runs no wider than `width`; a word wider than a line (a URL) is cut between characters. */
export function layout<P extends { text: string }>(
  tokens: readonly Token<P>[],
  width: number,
  measure: (piece: P) => number,
): Placed<P>[][] {
  const lines: Placed<P>[][] = [];
  let line: Placed<P>[] = [];
  let x = 0;
  let space: P | null = null;
  const newLine = (): void => {
    lines.push(line);
    line = [];
    x = 0;
    space = null;
  };
  const place = (piece: P, pieceWidth = measure(piece)): void => {
    line.push({ ...piece, x, width: pieceWidth });
    x += pieceWidth;
  };
  for (const token of tokens) {
    if (token.kind === 'newline') {
      newLine();
      continue;
    }
    if (token.kind === 'space') {
      space = line.length > 0 ? token.piece : null;
      continue;
    }
    const widths = token.pieces.map(measure);
    const wordWidth = widths.reduce((sum, w) => sum + w, 0);
    const spaceWidth = space === null ? 0 : measure(space);
    if (line.length > 0 && x + spaceWidth + wordWidth > width) newLine();
    if (space !== null) place(space, spaceWidth);
    space = null;
    if (x + wordWidth <= width) {
      token.pieces.forEach((piece, i) => {
        place(piece, widths[i]);
      });
      continue;
    }
    for (const piece of token.pieces) {
      let run = '';
      for (const char of piece.text) {
        // a character that does not fit starts a new line (never past `width`), unless the line is empty
        const overflows = run !== '' || line.length > 0;
        if (overflows && x + measure({ ...piece, text: run + char }) > width) {
          if (run !== '') place({ ...piece, text: run });
          newLine();
          run = '';
        }
        run += char;
      }
      if (run !== '') place({ ...piece, text: run });
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** Neighbouring runs of one style (`same`) merged, so that a line is drawn in a few calls. */
export function mergeRuns<P extends { text: string }>(
  line: readonly Placed<P>[],
  same: (a: P, b: P) => boolean,
): Placed<P>[] {
  const out: Placed<P>[] = [];
  for (const run of line) {
    const last = out.at(-1);
    if (last !== undefined && same(last, run)) {
      last.text += run.text;
      last.width = run.x + run.width - last.x;
    } else {
      out.push({ ...run });
    }
  }
  return out;
}

/** `measure` remembered by `key` (the piece's text, and whatever else changes its width). */
export function cachedMeasure<P extends { text: string }>(
  key: (piece: P) => string,
  measure: (piece: P) => number,
): (piece: P) => number {
  const widths = new Map<string, number>();
  return (piece) => {
    const k = key(piece);
    let known = widths.get(k);
    if (known === undefined) {
      known = measure(piece);
      widths.set(k, known);
    }
    return known;
  };
}

/** How a report draws its lines of text: their height and font, which runs merge, how a run is drawn. */
export type LineStyle<P extends { text: string }> = {
  lineHeight: number;
  /** The text's font, set again on each new page. */
  font: { name: string; size: number };
  same: (a: P, b: P) => boolean;
  /** Draws one merged run at (x, top) of its line. */
  drawRun: (doc: PDFKit.PDFDocument, run: Placed<P>, x: number, top: number) => void;
};

/**
 * The lines drawn from `at.top` down at `at.left`, onto a new page whenever a line would go below
 * `at.bottom`; returns the top of the line after the last.
 */
export function drawLines<P extends { text: string }>(
  doc: PDFKit.PDFDocument,
  lines: readonly (readonly Placed<P>[])[],
  at: { left: number; top: number; bottom: number },
  style: LineStyle<P>,
): number {
  let top = at.top;
  for (const line of lines) {
    if (top + style.lineHeight > at.bottom) {
      doc.addPage();
      doc.font(style.font.name).fontSize(style.font.size);
      top = doc.page.margins.top;
    }
    for (const run of mergeRuns(line, style.same)) style.drawRun(doc, run, at.left + run.x, top);
    top += style.lineHeight;
  }
  return top;
}

/**
 * An underline from (x, y), `width` long: dashed, or double (a second line `pen.gap` lower). Which mark
 * gets which kind, and the pen, are each report's.
 */
export function underline(
  doc: PDFKit.PDFDocument,
  kind: 'dashed' | 'double',
  x: number,
  y: number,
  width: number,
  pen: { lineWidth: number; color: string; gap: number },
): void {
  doc.save().lineWidth(pen.lineWidth).strokeColor(pen.color);
  if (kind === 'dashed') {
    doc
      .dash(2.5, { space: 1.5 })
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke();
  } else {
    for (const dy of [0, pen.gap]) {
      doc
        .moveTo(x, y + dy)
        .lineTo(x + width, y + dy)
        .stroke();
    }
  }
  doc.restore();
}
