import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractError, EXTRACT_MESSAGES, type ExtractErrorCode } from './errors.ts';
import { readSpreadsheet as readSheetRows, type ExtractOptions } from './extract.ts';
import { parseSpreadsheet as parseSheetRows } from './sheet.ts';
import {
  MAX_SPREADSHEET_ROWS,
  MEMBER_FILE_MAX_BYTES,
  SPREADSHEET_EXTENSIONS,
  serialToDate,
  spreadsheetExtOf,
  type SpreadsheetExt,
} from './table.ts';
import {
  biffDouble,
  biffRecord,
  biffString,
  fixtureUrl,
  makeEncryptedOoxml,
  makePng,
  makeXls,
  makeXlsx,
  makeZipBomb,
} from './test-helpers.ts';

/** The cells of each row (most tests look at cells; the row numbers have their own test). */
const readSpreadsheet = async (bytes: Uint8Array, name: string, options?: ExtractOptions): Promise<string[][]> =>
  (await readSheetRows(bytes, name, options)).map((row) => row.cells);
const parseSpreadsheet = (bytes: Uint8Array, ext: SpreadsheetExt): string[][] =>
  parseSheetRows(bytes, ext).map((row) => row.cells);

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fixtureUrl(name)));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What test/fixtures/src/members.fods holds, as every format must read it. */
const MEMBERS = [
  ['Name', 'E-mail', 'Limit', 'Role'],
  ['José Núñez', 'jose.nunez@example.com', '100', 'Teacher'],
  ['María-Jesús Öztürk', 'maria@example.es', '', 'Student'],
  ['Smith, John "Jack"', 'john.smith@example.com', '120', 'student'],
  ['Zoë Ångström', 'zoe@example.org', '1500'],
  ['李小龍', 'lee@example.cn', '0', 'Teacher'],
];

async function failure(run: () => Promise<unknown>): Promise<ExtractError> {
  const error: unknown = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractError);
  return error as ExtractError;
}

async function expectCode(
  bytes: Uint8Array,
  name: string,
  code: ExtractErrorCode,
  options?: ExtractOptions,
): Promise<ExtractError> {
  const e = await failure(() => readSpreadsheet(bytes, name, options));
  expect(e.code).toBe(code);
  expect(e.message).toBe(EXTRACT_MESSAGES[code]);
  return e;
}

function parseCode(bytes: Uint8Array, ext: SpreadsheetExt): ExtractErrorCode {
  try {
    parseSpreadsheet(bytes, ext);
  } catch (e) {
    if (e instanceof ExtractError) return e.code;
    throw e;
  }
  throw new Error('expected an ExtractError');
}

describe('readSpreadsheet fixtures (worker)', () => {
  it('reads the same members from the csv, xlsx and xls that LibreOffice saved', async () => {
    const names = ['members.csv', 'members.xlsx', 'members.xls'];
    const results = await Promise.all(names.map((n) => readSpreadsheet(fixture(n), n.toUpperCase())));
    for (const rows of results) expect(rows).toEqual(MEMBERS);
  });

  it('numbers each row as the sheet does, counting the empty rows it leaves out', async () => {
    for (const name of ['members.csv', 'members.xlsx', 'members.xls']) {
      const rows = await readSheetRows(fixture(name), name);
      // the fixture's row 4 is empty: it is left out, and the rows after it keep their own numbers
      expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 5, 6, 7]);
    }
  });

  it('exports the spec limits', () => {
    expect(MEMBER_FILE_MAX_BYTES).toBe(1_048_576);
    expect(SPREADSHEET_EXTENSIONS).toEqual(['csv', 'xls', 'xlsx']);
    expect(spreadsheetExtOf('List.XLSX')).toBe('xlsx');
    expect(spreadsheetExtOf('list.ods')).toBeUndefined();
    expect(spreadsheetExtOf('csv')).toBeUndefined();
  });
});

describe('CSV variants', () => {
  const read = (bytes: Uint8Array): string[][] => parseSpreadsheet(bytes, 'csv');

  it('reads UTF-8 with a BOM and CRLF line ends', () => {
    expect(read(utf8('\ufeffName,E-mail\r\nJosé Núñez,jose@example.com\r\n'))).toEqual([
      ['Name', 'E-mail'],
      ['José Núñez', 'jose@example.com'],
    ]);
  });

  it('detects semicolons and tabs from the first line, outside quotes', () => {
    expect(read(utf8('Name;E-mail;Limit\nAna, Pérez;ana@example.com;5\n'))).toEqual([
      ['Name', 'E-mail', 'Limit'],
      ['Ana, Pérez', 'ana@example.com', '5'],
    ]);
    expect(read(utf8('Name\tE-mail\nAna; Pérez\tana@example.com\n'))).toEqual([
      ['Name', 'E-mail'],
      ['Ana; Pérez', 'ana@example.com'],
    ]);
    expect(read(utf8('"a;b;c",d\n"e;f",g'))).toEqual([
      ['a;b;c', 'd'],
      ['e;f', 'g'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const csv = 'Name,E-mail,Note\n"Smith, John ""Jack""",john@example.com,"two\r\nlines"\n  "spaced" ,x@example.com\n';
    expect(read(utf8(csv))).toEqual([
      ['Name', 'E-mail', 'Note'],
      ['Smith, John "Jack"', 'john@example.com', 'two\r\nlines'],
      ['spaced', 'x@example.com'],
    ]);
  });

  it('trims cells, drops trailing empty cells and empty rows, keeps empty cells in between', () => {
    expect(read(utf8(' Ana , ,5,,\n,,,\n\n\nBea,b@example.com\n'))).toEqual([
      ['Ana', '', '5'],
      ['Bea', 'b@example.com'],
    ]);
  });

  it('reads UTF-16 LE and BE with a BOM (Excel’s "Unicode text")', () => {
    const le = Buffer.from('\ufeffName\tE-mail\r\nJosé Núñez\tjose@example.com\r\n', 'utf16le');
    const rows = [
      ['Name', 'E-mail'],
      ['José Núñez', 'jose@example.com'],
    ];
    expect(read(le)).toEqual(rows);
    expect(read(Buffer.from(le).swap16())).toEqual(rows);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const cp1252 = Uint8Array.from([
      ...utf8('Name,E-mail\nJos'),
      0xe9,
      0x20,
      0x4e,
      0xfa,
      0xf1,
      0x65,
      0x7a,
      ...utf8(',j@example.com'),
    ]);
    expect(read(cp1252)).toEqual([
      ['Name', 'E-mail'],
      ['José Núñez', 'j@example.com'],
    ]);
  });

  it('refuses binary content and reports a file with no cells as empty', () => {
    expect(parseCode(makePng(), 'csv')).toBe('bad-format');
    expect(parseCode(utf8(',,,\n , \n\n'), 'csv')).toBe('empty');
    expect(parseCode(new Uint8Array(0), 'csv')).toBe('empty');
  });
});

describe('xlsx built in code', () => {
  it('reads shared and inline strings, numbers, booleans, formulas, errors and dates by cell reference', () => {
    const styles =
      '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;day&quot; 0"/></numFmts>' +
      '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';
    const strings =
      '<si><t>Name</t></si><si><t>E-mail</t></si><si/>' +
      '<si><r><t>Jos</t></r><r><rPr><b/></rPr><t xml:space="preserve">é Núñez </t></r><rPh sb="0" eb="1"><t>ホセ</t></rPh></si>';
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
      '<row r="3"><c r="A3" t="s"><v>3</v></c><c r="C3"><v>1.50</v></c><c r="D3"><v>3.0</v></c><c r="E3" t="b"><v>1</v></c>' +
      '<c r="F3" t="b"><v>0</v></c></row>' +
      '<row r="4"><c r="B4" t="inlineStr"><is><t>inline@example.com</t></is></c><c r="D4" t="str"><f>A1&amp;"!"</f><v>Name!</v></c>' +
      '<c r="E4" t="e"><v>#N/A</v></c><c r="F4"><v>0.30000000000000004</v></c></row>' +
      '<row><c t="inlineStr"><is><r><t>no </t></r><r><t>refs</t></r></is></c><c><v>7</v></c></row>' +
      '<row r="9"><c r="A9" s="1"><v>45366</v></c><c r="B9" s="2"><v>45366.75</v></c><c r="C9" s="3"><v>45366</v></c>' +
      '<c r="D9" t="d"><v>2024-03-15T00:00:00</v></c><c r="E9"/><c r="F9" t="s"><v>99</v></c></row>';
    expect(parseSpreadsheet(makeXlsx(sheet, { strings, styles }), 'xlsx')).toEqual([
      ['Name', 'E-mail'],
      ['José Núñez', '', '1.5', '3', 'TRUE', 'FALSE'],
      ['', 'inline@example.com', '', 'Name!', '#N/A', '0.3'],
      ['no refs', '7'],
      ['2024-03-15', '2024-03-15', '45366', '2024-03-15'],
    ]);
  });

  it('places a sparse row by its references and allows 50 columns, not 51', () => {
    const wide = (ref: string): string =>
      `<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c><c r="${ref}"><v>1</v></c></row>`;
    const rows = parseSpreadsheet(makeXlsx(wide('AX2')), 'xlsx');
    expect(rows).toEqual([['a', ...new Array<string>(48).fill(''), '1']]);
    expect(parseCode(makeXlsx(wide('AY2')), 'xlsx')).toBe('limits');
  });

  it('counts 1904-based workbooks and the 1900 leap-year bug', () => {
    expect(serialToDate(1, false)).toBe('1900-01-01');
    expect(serialToDate(61, false)).toBe('1900-03-01');
    expect(serialToDate(0, true)).toBe('1904-01-01');
    expect(serialToDate(-1, false)).toBeUndefined();
  });

  it('refuses a zip without a workbook, an encrypted workbook and an empty sheet', () => {
    expect(parseCode(fixture('sample.docx'), 'xlsx')).toBe('bad-format');
    expect(parseCode(makeEncryptedOoxml(), 'xlsx')).toBe('encrypted');
    expect(parseCode(makeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t> </t></is></c></row>'), 'xlsx')).toBe('empty');
  });
});

describe('xls built in code (BIFF8)', () => {
  const u16 = (n: number): number[] => [n & 0xff, n >> 8];
  const u32 = (n: number): number[] => [...u16(n & 0xffff), ...u16(n >>> 16)];
  const cell = (type: number, row: number, col: number, xf: number, rest: number[]): number[] =>
    biffRecord(type, [...u16(row), ...u16(col), ...u16(xf), ...rest]);
  const xf = (format: number): number[] => biffRecord(0x00e0, [0, 0, ...u16(format), ...new Array<number>(16).fill(0)]);
  const formula = (row: number, col: number, result: number[]): number[] =>
    cell(0x0006, row, col, 0, [...result, 0, 0, 0, 0, 0, 0, 0, 0]);

  // An SST whose third string starts in 8-bit characters and goes on in UTF-16 in a CONTINUE record; the
  // fourth is a rich string whose formatting runs fall in the CONTINUE record too.
  const sst = [
    biffRecord(0x00fc, [
      ...u32(4),
      ...u32(4),
      ...biffString('Name'),
      ...biffString('E-mail'),
      ...u16(13),
      0,
      ...Buffer.from('Núñez ', 'latin1'),
    ]),
    biffRecord(0x003c, [
      1,
      ...Buffer.from('Ürgen 李', 'utf16le'),
      ...u16(4),
      0x08,
      ...u16(1),
      ...Buffer.from('Bold'),
      0,
      0,
    ]),
    biffRecord(0x003c, [0, 0]),
  ];
  const globals = [biffRecord(0x041e, [...u16(164), ...biffString('dd/mm/yyyy')]), xf(0), xf(14), xf(164), ...sst];

  it('reads SST strings across CONTINUE records, LABEL, NUMBER, RK, MULRK, FORMULA results and BOOLERR', () => {
    const cells = [
      cell(0x00fd, 0, 0, 0, u32(0)),
      cell(0x00fd, 0, 1, 0, u32(1)),
      cell(0x0204, 0, 2, 0, biffString('Límite')),
      cell(0x00fd, 1, 0, 0, u32(2)),
      cell(0x0204, 1, 1, 0, biffString('李@example.cn')),
      cell(0x027e, 1, 2, 0, u32((250 << 2) | 2)),
      cell(0x027e, 1, 3, 0, u32(0x3ff80000)),
      cell(0x027e, 1, 4, 0, u32((12345 << 2) | 3)),
      cell(0x00fd, 1, 5, 0, u32(3)),
      biffRecord(0x00bd, [
        ...u16(3),
        ...u16(0),
        ...u16(0),
        ...u32((7 << 2) | 2),
        ...u16(1),
        ...u32((45366 << 2) | 2),
        ...u16(2),
        ...u32((45366 << 2) | 2),
        ...u16(2),
      ]),
      formula(4, 0, [0, 0, 0, 0, 0, 0, 0xff, 0xff]),
      biffRecord(0x0207, biffString('Fórmula')),
      formula(4, 1, biffDouble(42.5)),
      formula(4, 2, [1, 0, 1, 0, 0, 0, 0xff, 0xff]),
      formula(4, 3, [2, 0, 0x2a, 0, 0, 0, 0xff, 0xff]),
      cell(0x0205, 4, 4, 0, [0, 0]),
      cell(0x0205, 4, 5, 0, [0x07, 1]),
      cell(0x0203, 6, 1, 0, biffDouble(0.1 + 0.2)),
    ];
    expect(parseSpreadsheet(makeXls(globals, cells), 'xls')).toEqual([
      ['Name', 'E-mail', 'Límite'],
      ['Núñez Ürgen 李', '李@example.cn', '250', '1.5', '123.45', 'Bold'],
      ['7', '2024-03-15', '2024-03-15'],
      ['Fórmula', '42.5', 'TRUE', '#N/A', 'FALSE', '#DIV/0!'],
      ['', '0.3'],
    ]);
  });

  it('refuses a truncated file, a cut record, an encrypted workbook and a column past the limit', () => {
    const xls = fixture('members.xls');
    expect(parseCode(xls.subarray(0, Math.floor(xls.length / 2)), 'xls')).toBe('bad-format');
    const cut = makeXls(globals, [[...cell(0x00fd, 0, 0, 0, u32(0)).slice(0, -2)]]);
    expect(parseCode(cut, 'xls')).toBe('bad-format');
    expect(parseCode(makeXls([biffRecord(0x002f, [0, 0]), ...globals], []), 'xls')).toBe('encrypted');
    expect(parseCode(makeXls(globals, [cell(0x00fd, 0, 50, 0, u32(0))]), 'xls')).toBe('limits');
    expect(parseCode(fixture('members.xlsx'), 'xls')).toBe('bad-format');
    expect(parseCode(fixture('sample.doc'), 'xls')).toBe('bad-format');
  });
});

describe('readSpreadsheet refusals (worker)', () => {
  it('refuses a PNG renamed .xlsx, .xls or .csv, and an unknown extension, as bad-format', async () => {
    for (const name of ['photo.xlsx', 'photo.xls', 'photo.csv']) await expectCode(makePng(), name, 'bad-format');
    await expectCode(utf8('Name,E-mail\n'), 'members.ods', 'bad-format');
    await expectCode(utf8('Name,E-mail\n'), 'members', 'bad-format');
  });

  it('refuses a file over 1 MiB before parsing, and an empty file', async () => {
    await expectCode(new Uint8Array(MEMBER_FILE_MAX_BYTES + 1), 'big.csv', 'too-large');
    expect((await readSpreadsheet(utf8(`a,${'b'.repeat(MEMBER_FILE_MAX_BYTES - 3)}`), 'max.csv'))[0]?.[0]).toBe('a');
    await expectCode(new Uint8Array(0), 'empty.xlsx', 'empty');
  });

  it(`refuses more than ${MAX_SPREADSHEET_ROWS} rows, empty rows not counted`, async () => {
    const lines = (n: number): string => Array.from({ length: n }, (_, i) => `User ${i},u${i}@example.com`).join('\n');
    expect(await readSpreadsheet(utf8(`${lines(MAX_SPREADSHEET_ROWS)}\n,,\n\n`), 'max.csv')).toHaveLength(
      MAX_SPREADSHEET_ROWS,
    );
    await expectCode(utf8(lines(MAX_SPREADSHEET_ROWS + 1)), 'many.csv', 'limits');
  });

  it('refuses a zip bomb named .xlsx from its declared sizes, then reads a good file', async () => {
    const bomb = makeZipBomb(512);
    expect(bomb.length).toBeLessThan(MEMBER_FILE_MAX_BYTES);
    await expectCode(bomb, 'bomb.xlsx', 'limits');
    await expectCode(makeZipBomb(64, 'small'), 'liar.xlsx', 'bad-format');
    expect(await readSpreadsheet(fixture('members.xlsx'), 'members.xlsx')).toEqual(MEMBERS);
  });

  it('terminates a worker past the time limit, then still works', async () => {
    const e = await expectCode(fixture('members.xls'), 'slow.xls', 'limits', { timeoutMs: 1 });
    expect(e.detail).toMatch(/longer than 1 ms/);
    expect(await readSpreadsheet(fixture('members.xls'), 'members.xls')).toEqual(MEMBERS);
  });
});
