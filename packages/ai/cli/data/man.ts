/**
 * The prose of a manual page rendered by groff for a terminal so wide that no paragraph wraps
 * (`groff -k -t -man -Tutf8 -rLL=2000n -rHY=0 -P-cbou`: one line per paragraph, no hyphenation, no
 * overstriking). Section headings start at the left margin, subsection headings are indented by three spaces
 * and body text by seven or more; the running header and footer are left-margin lines with wide gaps.
 *
 * Kept: the body lines of the sections that explain (DESCRIPTION, NOTES, BUGS, RETURN VALUE, ...) that read
 * as prose (text.ts `isProse`). Left out: whole sections of names, synopses, examples, file lists, standards,
 * credits, copyright, translation and reporting boilerplate, cross references; and, anywhere, lines with
 * column gaps (tables, option tags beside their text) and lines that are not prose (code, headings, option
 * fragments).
 */
import { isProse, normalise } from './text.ts';

/** Section headings (English and Spanish) whose content is never kept. */
export const SKIPPED_SECTIONS = new Set(
  [
    'NAME',
    'SYNOPSIS',
    'LIBRARY',
    'EXAMPLE',
    'EXAMPLES',
    'SEE ALSO',
    'COLOPHON',
    'AUTHOR',
    'AUTHORS',
    'TRANSLATION',
    'TRANSLATIONS',
    'REPORTING BUGS',
    'COPYRIGHT',
    'LICENSE',
    'FILES',
    'ATTRIBUTES',
    'STANDARDS',
    'CONFORMING TO',
    'VERSIONS',
    'HISTORY',
    'NOMBRE',
    'SINOPSIS',
    'BIBLIOTECA',
    'EJEMPLO',
    'EJEMPLOS',
    'VÉASE TAMBIÉN',
    'VEA TAMBIÉN',
    'VÉASE TAMBIEN',
    'COLOFÓN',
    'AUTOR',
    'AUTORES',
    'TRADUCCIÓN',
    'INFORMAR DE ERRORES',
    'DERECHOS DE AUTOR',
    'LICENCIA',
    'ARCHIVOS',
    'FICHEROS',
    'ATRIBUTOS',
    'ESTÁNDARES',
    'CONFORME A',
    'VERSIONES',
    'HISTORIAL',
    'HISTORIA',
  ].map((s) => s.normalize('NFC')),
);

/** The prose paragraphs of one rendered page, in order. */
export function manParagraphs(rendered: string): string[] {
  const out: string[] = [];
  let keep = false;
  for (const raw of normaliseLines(rendered)) {
    if (raw.trim() === '') continue;
    const atMargin = !/^\s/.test(raw);
    const gapped = /\S {3,}\S/.test(raw.trim());
    if (atMargin) {
      // A heading, or the running header/footer (title, section name and title again, far apart).
      if (!gapped) keep = !SKIPPED_SECTIONS.has(raw.trim().toUpperCase().normalize('NFC'));
      continue;
    }
    if (!keep || gapped) continue;
    const line = normalise(raw);
    if (isProse(line)) out.push(line);
  }
  return out;
}

function normaliseLines(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\u00A0/g, ' ')
    .split('\n');
}
