export const EXTENSIONS = ['doc', 'docx', 'pdf', 'txt', 'rtf', 'odt', 'odp', 'ppt', 'pptx'] as const;
export type Ext = (typeof EXTENSIONS)[number];

/** A span of `text` that the document renders invisibly. */
export interface HiddenSpan {
  start: number;
  end: number;
  reason: 'white' | 'tiny';
}

export interface Extracted {
  text: string;
  format: Ext;
  hidden: HiddenSpan[];
}

/** The lower-cased extension of a file name when it is one we accept, else undefined. */
export function extOf(fileName: string): Ext | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (EXTENSIONS as readonly string[]).includes(ext) ? (ext as Ext) : undefined;
}
