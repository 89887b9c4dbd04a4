import { TextBuilder } from './builder.ts';
import { ExtractError } from './errors.ts';
import type { Extracted, HiddenSpan } from './types.ts';

/** Destinations whose content is not document text. */
const SKIP_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'objdata',
  'fldinst',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'latentstyles',
  'themedata',
  'colorschememapping',
  'datastore',
  'xmlnstbl',
  'filetbl',
  'generator',
  'sp',
  'bkmkstart',
  'bkmkend',
  'annotation',
  'atnid',
  'atnauthor',
  'nonshppict',
  'pgdsctbl',
  'mmathPr',
]);
const SYMBOLS: Readonly<Record<string, string>> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  cell: '\t',
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
};
const TINY_HALF_POINTS = 6;
const PLAIN_RUN = /[^\\{}\r\n\x80-\xff]*/y;

interface GroupState {
  skip: boolean;
  uc: number;
  hiddenV: boolean;
  fontSize: number;
  colour: number;
}

/** Text of an RTF file: a small tokenizer for \uN, \'hh in the \ansicpg code page, and ignorable groups. */
export function parseRtf(bytes: Uint8Array): Extracted {
  const src = new TextDecoder('latin1').decode(bytes);
  if (!src.startsWith('{\\rtf')) throw new ExtractError('bad-format', 'no {\\rtf header');
  const out = new TextBuilder();
  let decoder = new TextDecoder('windows-1252');
  let state: GroupState = { skip: false, uc: 1, hiddenV: false, fontSize: 24, colour: 0 };
  const stack: GroupState[] = [];
  // The colour table, to tell white text: index -> is white.
  const white: boolean[] = [];
  let inColourTable = false;
  let colourTableDepth = -1;
  let rgb = [0, 0, 0];
  let pendingBytes: number[] = [];
  let skipChars = 0; // characters still to drop after a \uN
  let groupStart = false; // just after '{': a \* or destination word may follow

  const reason = (): HiddenSpan['reason'] | undefined => {
    if (state.hiddenV || state.fontSize < TINY_HALF_POINTS) return 'tiny';
    if (white[state.colour] === true) return 'white';
    return undefined;
  };
  const flush = (): void => {
    if (pendingBytes.length === 0) return;
    if (!state.skip) out.append(decoder.decode(Uint8Array.from(pendingBytes)), reason());
    pendingBytes = [];
  };
  const emit = (s: string): void => {
    flush();
    if (!state.skip) out.append(s, reason());
  };

  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src.charAt(i);
    if (c === '{') {
      flush();
      stack.push(state);
      state = { ...state };
      groupStart = true;
      i++;
      continue;
    }
    if (c === '}') {
      flush();
      if (inColourTable && stack.length === colourTableDepth) inColourTable = false;
      state = stack.pop() ?? state;
      groupStart = false;
      i++;
      continue;
    }
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      if (next === "'") {
        const byte = parseInt(src.slice(i + 2, i + 4), 16);
        i += 4;
        if (skipChars > 0) skipChars--;
        else if (Number.isFinite(byte)) pendingBytes.push(byte);
        groupStart = false;
        continue;
      }
      if (!/[a-zA-Z]/.test(next)) {
        i += 2;
        const wasGroupStart: boolean = groupStart;
        groupStart = false;
        if (next === '*') {
          if (wasGroupStart) state.skip = true;
          groupStart = wasGroupStart;
          continue;
        }
        if (skipChars > 0) {
          skipChars--;
          continue;
        }
        if (next === '\\' || next === '{' || next === '}') emit(next);
        else if (next === '~') emit('\u00a0');
        else if (next === '_') emit('-');
        else if (next === '\n' || next === '\r') emit('\n');
        continue;
      }
      const m = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(src.slice(i + 1, i + 48));
      const word = m?.[1] ?? '';
      const param = m?.[2] === undefined ? undefined : Number(m[2]);
      i += 1 + (m?.[0].length ?? 1);
      const wasGroupStart: boolean = groupStart;
      groupStart = false;
      if (word === 'bin') {
        i += Math.max(param ?? 0, 0);
        continue;
      }
      if (wasGroupStart && SKIP_DESTINATIONS.has(word)) {
        flush();
        state.skip = true;
        if (word === 'colortbl') {
          inColourTable = true;
          colourTableDepth = stack.length;
          rgb = [0, 0, 0];
        }
        continue;
      }
      if (inColourTable) {
        if (word === 'red') rgb[0] = param ?? 0;
        else if (word === 'green') rgb[1] = param ?? 0;
        else if (word === 'blue') rgb[2] = param ?? 0;
        continue;
      }
      if (skipChars > 0) {
        skipChars--;
        continue;
      }
      switch (word) {
        case 'ansicpg':
          try {
            decoder = new TextDecoder(`windows-${param ?? 1252}`);
          } catch {
            decoder = new TextDecoder('windows-1252');
          }
          break;
        case 'uc':
          state.uc = Math.max(param ?? 1, 0);
          break;
        case 'u': {
          let code = param ?? 0;
          if (code < 0) code += 65536;
          emit(String.fromCharCode(code));
          skipChars = state.uc;
          break;
        }
        case 'v':
          flush();
          state.hiddenV = param !== 0;
          break;
        case 'fs':
          flush();
          state.fontSize = param ?? 24;
          break;
        case 'cf':
          flush();
          state.colour = param ?? 0;
          break;
        case 'plain':
          flush();
          state.hiddenV = false;
          state.fontSize = 24;
          state.colour = 0;
          break;
        default: {
          const symbol = SYMBOLS[word];
          if (symbol !== undefined) emit(symbol);
        }
      }
      continue;
    }
    i++;
    groupStart = false;
    if (c === '\r' || c === '\n') continue;
    if (inColourTable) {
      if (c === ';') {
        white.push(rgb[0] === 255 && rgb[1] === 255 && rgb[2] === 255);
        rgb = [0, 0, 0];
      }
      continue;
    }
    if (skipChars > 0) {
      skipChars--;
      continue;
    }
    if (state.skip) continue;
    if (c.charCodeAt(0) >= 0x80) {
      pendingBytes.push(c.charCodeAt(0));
      continue;
    }
    PLAIN_RUN.lastIndex = i;
    const run = PLAIN_RUN.exec(src)?.[0] ?? '';
    i += run.length;
    flush();
    out.append(c + run, reason());
  }
  flush();
  return { text: out.toString(), format: 'rtf', hidden: out.hidden };
}
