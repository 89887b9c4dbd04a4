import type { Statistics, StatisticsMember } from '@veritext/contracts';
import writeExcelFile, { type Row as SheetRow } from 'write-excel-file/node';

/*
 * The statistics as a file (GET …/statistics.csv and …/statistics.xlsx): one table, the same rows in both: what
 * was asked (organisation, range, time zone, whose figures), the totals, the months and the members, each part
 * under a heading row and apart from the next by an empty row. Headings are in English (the file is data for a
 * spreadsheet; the page itself is translated). Percentages have two decimals; an empty cell is "none".
 */

export type TableCell = string | number | null;
export type TableRow = { cells: TableCell[]; heading?: boolean };

const ROLE_NAMES: Record<1 | 2 | 3, string> = { 1: 'Administrator', 2: 'Teacher', 3: 'Student' };

function roleName(member: StatisticsMember): string {
  if (member.role !== null) return ROLE_NAMES[member.role];
  return member.user_id === null ? 'No account (API token or deleted account)' : 'Former member';
}

const SCOPE_NAMES: Record<Statistics['scope'], string> = {
  organisation: 'Whole organisation',
  member: 'One member',
  own: 'Own figures',
};

/** The one table both files hold. */
export function statisticsTable(stats: Statistics): TableRow[] {
  const scope =
    stats.scope === 'organisation'
      ? SCOPE_NAMES.organisation
      : `${SCOPE_NAMES[stats.scope]}: ${stats.members[0]?.email ?? String(stats.member ?? '')}`;
  const t = stats.totals;
  return [
    { cells: ['Organisation statistics'], heading: true },
    { cells: ['Organisation', stats.group.name] },
    { cells: ['From', stats.from] },
    { cells: ['To', stats.to] },
    { cells: ['Time zone', stats.time_zone] },
    { cells: ['Figures', scope] },
    { cells: [] },
    { cells: ['Totals'], heading: true },
    {
      cells: [
        'Checks',
        'Pages',
        'AI checks',
        'AI pages',
        'Ready checks',
        'Median similarity (%)',
        'AI-assessed documents',
        'AI-flagged documents',
        'AI-flagged share (%)',
      ],
      heading: true,
    },
    {
      cells: [
        t.checks,
        t.pages,
        t.ai_checks,
        t.ai_pages,
        t.ready_checks,
        t.median_similarity,
        t.ai_assessed,
        t.ai_flagged,
        t.ai_flagged_share,
      ],
    },
    { cells: [] },
    { cells: ['Monthly usage'], heading: true },
    { cells: ['Month', 'Checks', 'Pages', 'AI checks', 'AI pages'], heading: true },
    ...stats.months.map((month) => ({
      cells: [month.month, month.checks, month.pages, month.ai_checks, month.ai_pages],
    })),
    { cells: [] },
    { cells: ['By member'], heading: true },
    {
      cells: [
        'Member',
        'E-mail',
        'Role',
        'Checks',
        'Pages',
        'AI checks',
        'AI pages',
        'Median similarity (%)',
        'AI-flagged share (%)',
      ],
      heading: true,
    },
    ...stats.members.map((member) => ({
      cells: [
        member.name,
        member.email,
        roleName(member),
        member.checks,
        member.pages,
        member.ai_checks,
        member.ai_pages,
        member.median_similarity,
        member.ai_flagged_share,
      ],
    })),
  ];
}

/**
 * A text cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) gets a
 * leading apostrophe: OWASP's advice against CSV injection. A name like "=HYPERLINK(…)" is then shown as typed.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: TableCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = defuseFormula(cell);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The CSV: UTF-8 with a byte-order mark (so a spreadsheet opens names like "Åse Ødegård" as they are), commas,
 * CRLF line ends, fields quoted where they hold a comma, a quote, a line break or edge spaces (RFC 4180).
 */
export function statisticsCsv(stats: Statistics): string {
  const lines = statisticsTable(stats).map((row) => row.cells.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The xlsx (written by write-excel-file): one sheet, the same table, headings bold, numbers as numbers. */
export async function statisticsXlsx(stats: Statistics): Promise<Buffer> {
  const data: SheetRow[] = statisticsTable(stats).map((row) =>
    row.cells.map((cell) =>
      cell === null ? null : row.heading === true ? { value: cell, fontWeight: 'bold' as const } : { value: cell },
    ),
  );
  return writeExcelFile(data, {
    sheet: 'Statistics',
    columns: [{ width: 26 }, { width: 30 }, { width: 18 }, ...Array.from({ length: 6 }, () => ({ width: 14 }))],
  }).toBuffer();
}

/** The download's file name: ASCII only (organisation name as a slug, else its id) and the range. */
export function statisticsFileName(stats: Statistics, extension: 'csv' | 'xlsx'): string {
  const slug = stats.group.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const name = slug === '' ? `organisation-${String(stats.group.id)}` : slug;
  return `statistics-${name}-${stats.from}-to-${stats.to}.${extension}`;
}
