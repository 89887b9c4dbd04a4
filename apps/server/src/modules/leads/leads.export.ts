import { defuseFormula } from '../statistics/statistics.export.ts';
import type { LeadRecord } from './leads.repository.ts';

/*
 * The leads as CSV (GET /api/v1/admin/leads.csv), as the statistics CSV is written: UTF-8 with a byte-order mark,
 * commas, CRLF line ends, RFC 4180 quoting, and a text cell a spreadsheet would run as a formula defused with a
 * leading apostrophe (the form fields are typed by anyone on the internet).
 */

const HEADINGS = [
  'Id',
  'Received (UTC)',
  'Form',
  'Name',
  'E-mail',
  'Public mail provider',
  'Phone',
  'Role',
  'LMS',
  'Number of students',
  'Message',
  'Call to action',
  'Previous URL',
  'Language',
  'Account id',
];

type Cell = string | number | null;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = defuseFormula(cell);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function leadsCsv(leads: readonly LeadRecord[]): string {
  const rows: Cell[][] = [
    HEADINGS,
    ...leads.map((lead) => [
      lead.id,
      lead.created_at.toISOString(),
      lead.type,
      lead.name,
      lead.email,
      lead.public_mail ? 'yes' : 'no',
      lead.phone,
      lead.role,
      lead.lms,
      lead.number_of_students,
      lead.message,
      lead.cta,
      lead.previous_url,
      lead.language,
      lead.user_id,
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
