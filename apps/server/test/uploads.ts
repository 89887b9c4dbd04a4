import { strToU8, zipSync } from 'fflate';

/** A minimal .docx with one paragraph (what extractText reads: [Content_Types].xml and word/document.xml). */
export function docx(paragraph: string): Buffer {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
  const document =
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    `<w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p></w:body></w:document>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(types), 'word/document.xml': strToU8(document) }));
}

/** A multipart/form-data body with text fields and at most one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = `----vt${String(Date.now())}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
