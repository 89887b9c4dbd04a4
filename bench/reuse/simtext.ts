// Baseline for the text-reuse benchmark: Dick Grune's similarity tester `sim_text`
// (Debian package `similarity-tester`, 3.0.2), run on the same cases as our engine.
//
// What is run, per case (cwd = a scratch directory):
//
//   sim_text -n -w 256 -r <minRun> -S susp.txt / src0.txt src1.txt …
//
//   -n   list each run as "file: line a-b | file: line c-d [tokens]" (no text)
//   -S   compare the new files (before "/": the suspicious text) with the old files only
//        (the sources), never with themselves: a susp–source alignment, as PAN asks for
//   -r   minimum run length in words, always passed explicitly. Default here: 8, sim_text's
//        documented default for text (man page; Init_Language in textlang.l). NB: the Debian 3.0.2
//        binary ignores that and really uses 24 when -r is not given (`sim_text -O` prints "-r24").
//        On the PAN 2013 dev set -r 24 scores a higher plagdet (0.499 vs 0.458: fewer, longer runs,
//        granularity ~1) but finds almost nothing obfuscated, and it is far worse on Clough
//        (document F1 0.61 vs 0.93) and TNLP; -r 8 is the fairer all-round baseline.
//   -w   wide lines so that nothing in the run list is cut.
//
// sim_text only reports LINE numbers. PAN texts have paragraph-long lines, so converting raw
// line ranges to characters smears every detection over whole paragraphs. Instead (granularity
// 'word', the default) each file is written with ONE sim_text WORD PER LINE: we tokenise the text
// exactly as sim_text's lexer does (see tokenizeLikeSimText), so the token stream sim_text sees —
// and therefore every run it finds — is unchanged, but line k is now word k and a run
// "line a-b" maps back exactly to [start of word a, end of word b) in the original string.
// granularity 'line' writes the texts as they are and maps a run to [start of line a, end of line b).
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface PlagCase {
  id: string;
  corpus: string;
  category?: string;
  lang: string;
  susp_text: string;
  sources: { src_id: string; text: string; lang?: string }[];
  passages: unknown[] | null;
  doc_plagiarised?: boolean;
}

export interface Detection {
  susp_offset: number;
  susp_length: number;
  src_id: string;
  src_offset: number;
  src_length: number;
}

export interface SimTextOptions {
  /** sim_text -r: minimum run length in words (default 8, sim_text's documented default). */
  minRunLength?: number;
  /** 'word' (default): one word per line, exact word offsets; 'line': the texts as they are. */
  granularity?: 'word' | 'line';
  /** sim_text -e: compare the suspicious text with each source in isolation. */
  eachPair?: boolean;
  /** path of sim_text (default: ensureSimText()). */
  simText?: string;
}

/** sim_text's documented default minimum run length for text (words); our default. */
export const SIM_TEXT_DEFAULT_RUN = 8;
/** What the Debian 3.0.2 binary actually uses when no -r is given (`sim_text -O`). */
export const SIM_TEXT_BINARY_DEFAULT_RUN = 24;

const PACKAGE = 'similarity-tester';

function findOnPath(name: string): string | undefined {
  const dirs = (process.env['PATH'] ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/bin', '/usr/local/bin']) {
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

let simTextPath: string | undefined;

/** Path of sim_text; installs the Debian package when missing and we are root with apt-get. */
export function ensureSimText(): string {
  if (simTextPath !== undefined) return simTextPath;
  let found = findOnPath('sim_text');
  if (found === undefined) {
    const aptGet = findOnPath('apt-get');
    const isRoot = process.getuid?.() === 0;
    if (aptGet !== undefined && isRoot) {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const install = (): void => {
        execFileSync(aptGet, ['install', '-y', '--no-install-recommends', PACKAGE], { stdio: 'inherit', env });
      };
      try {
        install();
      } catch {
        execFileSync(aptGet, ['update'], { stdio: 'inherit', env });
        install();
      }
      found = findOnPath('sim_text');
    }
    if (found === undefined) {
      throw new Error(
        `sim_text not found on PATH. Install Debian/Ubuntu package "${PACKAGE}" ` +
          `(as root: apt-get install -y ${PACKAGE}); it provides /usr/bin/sim_text.`,
      );
    }
  }
  simTextPath = found;
  return found;
}

// ------------------------------------------------------------------ tokenisation

/** A sim_text word: [start, end) in JS string indices. */
export interface Span {
  start: number;
  end: number;
}

// sim_text is byte-based: a word byte is [A-Za-z0-9] or any byte >= 0x80. Every UTF-8 byte of a
// non-ASCII character is >= 0x80 (and a lone surrogate is written as EF BF BD), so per UTF-16 code
// unit the same test holds.
function isWordUnit(code: number): boolean {
  return (
    code >= 0x80 || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
  );
}

/**
 * Splits a text into the words sim_text's lexer (textlang.l) returns:
 *   TightWord  = W+                              (W = [A-Za-z0-9\x80-\xff])
 *   SpacedWord = (W " ")+ W  followed by a non-W  ("s p a c e d" text is one word; each W is one
 *                byte here, so only ASCII letters and digits can make up a spaced word)
 * with flex's longest match (a SpacedWord beats the one-letter TightWord it starts with) and
 * everything else (punctuation, white space, newlines) skipped.
 */
export function tokenizeLikeSimText(text: string): Span[] {
  const out: Span[] = [];
  const n = text.length;
  const w = (i: number): boolean => i < n && isWordUnit(text.charCodeAt(i));
  const single = (i: number): boolean => w(i) && text.charCodeAt(i) < 0x80;
  let i = 0;
  while (i < n) {
    if (!w(i)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (w(j)) j++;
    if (j === i + 1 && text.charCodeAt(i) < 0x80 && text.charCodeAt(j) === 0x20 && single(j + 1)) {
      // candidate spaced word: single word BYTES (so ASCII letters/digits only: a non-ASCII
      // character is two or more bytes) separated by single spaces
      let last = i;
      while (text.charCodeAt(last + 1) === 0x20 && single(last + 2)) {
        last += 2;
        if (w(last + 1)) break; // this element is the start of a longer word
      }
      // trailing context: the character after the last element must exist and be a non-word
      // character; otherwise flex backs off by one element (whose preceding space then is the context)
      if (last + 1 >= n || w(last + 1)) last -= 2;
      if (last > i) {
        out.push({ start: i, end: last + 1 });
        i = last + 1;
        continue;
      }
    }
    out.push({ start: i, end: j });
    i = j;
  }
  return out;
}

/** Lines as sim_text counts them (split at "\n" only), without their "\n". */
export function splitLines(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      out.push({ start, end: text.length });
      return out;
    }
    out.push({ start, end: nl });
    start = nl + 1;
  }
}

interface Prepared {
  /** file content to hand to sim_text */
  content: string;
  /** line k (1-based) of the file covers units[k - 1] of the original text */
  units: Span[];
}

function prepare(text: string, granularity: 'word' | 'line'): Prepared {
  if (granularity === 'line') return { content: text, units: splitLines(text) };
  const units = tokenizeLikeSimText(text);
  let content = '';
  for (const u of units) content += text.slice(u.start, u.end) + '\n';
  return { content, units };
}

// ------------------------------------------------------------------ running and parsing

/** One run from `sim_text -n`: file names and 1-based inclusive line ranges. */
export interface SimTextRun {
  leftFile: string;
  leftFrom: number;
  leftTo: number;
  rightFile: string;
  rightFrom: number;
  rightTo: number;
  tokens: number;
}

const RUN_LINE = /^(\S+): line (\d+)-(\d+)\s*\|(\S+): line (\d+)-(\d+)\s*\[(\d+)\]\s*$/;

/** Parses the run list of `sim_text -n` (header and blank lines are skipped). */
export function parseSimTextRuns(stdout: string): SimTextRun[] {
  const runs: SimTextRun[] = [];
  for (const line of stdout.split('\n')) {
    if (line.includes('>>>>')) throw new Error(`sim_text: ${line.trim()}`);
    const m = RUN_LINE.exec(line);
    if (!m) continue;
    runs.push({
      leftFile: m[1] ?? '',
      leftFrom: Number(m[2]),
      leftTo: Number(m[3]),
      rightFile: m[4] ?? '',
      rightFrom: Number(m[5]),
      rightTo: Number(m[6]),
      tokens: Number(m[7]),
    });
  }
  return runs;
}

function unitRange(units: Span[], from: number, to: number): Span | undefined {
  if (units.length === 0) return undefined;
  const clamp = (k: number): number => Math.min(Math.max(k, 1), units.length) - 1;
  const a = units[clamp(from)];
  const b = units[clamp(to)];
  if (a === undefined || b === undefined || b.end <= a.start) return undefined;
  return { start: a.start, end: b.end };
}

const SUSP_FILE = 'susp.txt';
const srcFile = (i: number): string => `src${i}.txt`;

/** The argument list passed to sim_text (file names relative to the work directory). */
export function simTextArgs(nSources: number, opts: SimTextOptions = {}): string[] {
  const args = ['-n', '-w', '256', '-r', String(opts.minRunLength ?? SIM_TEXT_DEFAULT_RUN)];
  if (opts.eachPair === true) args.push('-e');
  args.push('-S', SUSP_FILE, '/');
  for (let i = 0; i < nSources; i++) args.push(srcFile(i));
  return args;
}

/**
 * Runs sim_text on one case in workDir (which must exist; the files written there are left for
 * the caller to remove) and returns its runs as detections in JS string offsets.
 */
export async function runSimTextOnCase(c: PlagCase, workDir: string, opts: SimTextOptions = {}): Promise<Detection[]> {
  const granularity = opts.granularity ?? 'word';
  const bin = opts.simText ?? ensureSimText();
  if (!existsSync(workDir)) throw new Error(`work directory ${workDir} does not exist`);
  if (c.sources.length === 0) return [];

  const susp = prepare(c.susp_text, granularity);
  const srcs = c.sources.map((s) => prepare(s.text, granularity));
  await Promise.all([
    writeFile(join(workDir, SUSP_FILE), susp.content, 'utf8'),
    ...srcs.map((s, i) => writeFile(join(workDir, srcFile(i)), s.content, 'utf8')),
  ]);

  const { stdout } = await execFileAsync(bin, simTextArgs(c.sources.length, opts), {
    cwd: workDir,
    encoding: 'latin1', // file names and markers are ASCII; never mis-decode run text
    maxBuffer: 256 * 1024 * 1024,
  });

  const srcIndex = new Map<string, number>(c.sources.map((_, i) => [srcFile(i), i]));
  const detections: Detection[] = [];
  for (const run of parseSimTextRuns(stdout)) {
    // with -S the left file is always the new (suspicious) one; accept the mirror image too
    let suspFrom = run.leftFrom;
    let suspTo = run.leftTo;
    let srcName = run.rightFile;
    let srcFrom = run.rightFrom;
    let srcTo = run.rightTo;
    if (run.leftFile !== SUSP_FILE) {
      if (run.rightFile !== SUSP_FILE) continue; // source vs source: not asked for
      [suspFrom, suspTo, srcName, srcFrom, srcTo] = [
        run.rightFrom,
        run.rightTo,
        run.leftFile,
        run.leftFrom,
        run.leftTo,
      ];
    }
    const si = srcIndex.get(srcName);
    if (si === undefined) continue;
    const source = c.sources[si];
    const srcUnits = srcs[si]?.units;
    if (source === undefined || srcUnits === undefined) continue;
    const a = unitRange(susp.units, suspFrom, suspTo);
    const b = unitRange(srcUnits, srcFrom, srcTo);
    if (a === undefined || b === undefined) continue;
    detections.push({
      susp_offset: a.start,
      susp_length: a.end - a.start,
      src_id: source.src_id,
      src_offset: b.start,
      src_length: b.end - b.start,
    });
  }
  detections.sort((x, y) => x.susp_offset - y.susp_offset || x.src_offset - y.src_offset);
  return detections;
}
