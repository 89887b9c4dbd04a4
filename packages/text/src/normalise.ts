/**
 * Normalisation shared by the engines and the validators: Unicode NFC, unified line breaks,
 * and no-break spaces turned into plain spaces.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00A0\u2007\u202F]/g, ' ');
}
