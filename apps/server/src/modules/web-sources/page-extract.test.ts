import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { closePageExtractor, extractPage, pdfTitle } from './page-extract.ts';
import type { FetchedPage } from './types.ts';

const WRECKS =
  'Between 1850 and 1900 more than two hundred ships were lost on the sandbanks off the northern coast, most of them colliers bound for the capital in winter gales.';
const SPANISH = 'El pingüino comió jalapeños en la montaña: “¿qué pasó?”, dijo el señor Muñoz.';

function fetched(url: string, contentType: string, body: Buffer, charset: string | null = null): FetchedPage {
  return { requestedUrl: url, url, status: 200, contentType, charset, body, fetchedAt: new Date() };
}

/** A one-page PDF made by pdfkit, with this title in its metadata (none when null). */
function pdf(text: string, title: string | null): Promise<Buffer> {
  const doc = new PDFDocument(title === null ? {} : { info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(12).text(text);
  doc.end();
  return done;
}

/** Text in windows-1252: accents, curly quotes. */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '“': 0x93, '”': 0x94 };
  return Buffer.from(Array.from(text, (char) => special[char] ?? char.charCodeAt(0)));
}

afterAll(async () => {
  await closePageExtractor();
});

describe('extractPage', () => {
  it('reads an HTML page in a worker, in the charset its meta tag names', async () => {
    const html = `<html><head><meta http-equiv="content-type" content="text/html; charset=windows-1252">
      <title>Crónica | Diario</title></head><body><nav><a href="/">Portada</a></nav>
      <article><h1>Crónica</h1><p>${SPANISH}</p><p>${SPANISH.replace('Muñoz', 'Núñez')}</p></article></body></html>`;
    const page = await extractPage(fetched('https://diario.example/cronica', 'text/html', windows1252(html)));
    expect(page.url).toBe('https://diario.example/cronica');
    expect(page.title).toBe('Crónica | Diario');
    expect(page.text).toContain(SPANISH);
    expect(page.text).toContain('señor Núñez');
    expect(page.text).not.toContain('Portada');
  });

  it('reads many pages at once through its few threads, each to its own answer', async () => {
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        extractPage(
          fetched(
            `https://many.example/page-${String(i)}`,
            'application/xhtml+xml',
            Buffer.from(`<html><body><p>Page number ${String(i)}: ${WRECKS}</p></body></html>`),
          ),
        ),
      ),
    );
    pages.forEach((page, i) => {
      expect(page.text).toBe(`Page number ${String(i)}: ${WRECKS}`);
      // no <title>: the URL's last segment
      expect(page.title).toBe(`page-${String(i)}`);
    });
  });

  it('reads a PDF, titled by its metadata, else by the last segment of its URL', async () => {
    const titled = await extractPage(
      fetched(
        'https://archive.example/reports/wrecks.pdf',
        'application/pdf',
        await pdf(WRECKS, 'Shipwrecks (1850–1900)'),
      ),
    );
    expect(titled.title).toBe('Shipwrecks (1850–1900)');
    expect(titled.url).toBe('https://archive.example/reports/wrecks.pdf');
    expect(titled.text.replace(/\s+/g, ' ')).toContain(WRECKS);

    const untitled = await extractPage(
      fetched(
        'https://archive.example/reports/north%20coast.pdf?download=1',
        'application/pdf',
        await pdf(WRECKS, null),
      ),
    );
    expect(untitled.title).toBe('north coast.pdf');
  });

  it('reads a DOCX through packages/extract', async () => {
    const docx = readFileSync(new URL('../../../../../packages/extract/test/fixtures/sample.docx', import.meta.url));
    const page = await extractPage(
      fetched(
        'https://docs.example/files/sample.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        docx,
      ),
    );
    expect(page.title).toBe('sample.docx');
    expect(page.text).toContain('The quick brown fox jumps over the lazy dog');
    expect(page.text).toContain('pingüino');
  });

  it('reads plain text in the charset of its Content-Type', async () => {
    const latin = await extractPage(
      fetched('https://txt.example/notes/es.txt', 'text/plain', windows1252(SPANISH), 'ISO-8859-1'),
    );
    expect(latin.text.trim()).toBe(SPANISH);
    expect(latin.title).toBe('es.txt');
    const utf8 = await extractPage(fetched('https://txt.example/', 'text/plain', Buffer.from(SPANISH), 'utf-8'));
    expect(utf8.text.trim()).toBe(SPANISH);
    expect(utf8.title).toBe('txt.example');
  });

  it('refuses with a clear error what has no usable text', async () => {
    await expect(
      extractPage(fetched('https://img.example/a.png', 'image/png', Buffer.from([0x89, 0x50]))),
    ).rejects.toThrow(/^No usable text in https:\/\/img\.example\/a\.png: pages of type image\/png are not read/);
    await expect(
      extractPage(
        fetched('https://x.example/dots', 'text/html', Buffer.from('<html><body><p>— … —</p></body></html>')),
      ),
    ).rejects.toThrow(/No usable text in https:\/\/x\.example\/dots: no words/);
    await expect(
      extractPage(
        fetched('https://x.example/script', 'text/html', Buffer.from('<html><body><script>1</script></body></html>')),
      ),
    ).rejects.toThrow(/No usable text .*no text/);
    await expect(
      extractPage(fetched('https://x.example/broken.pdf', 'application/pdf', Buffer.from('%PDF-1.7 not really'))),
    ).rejects.toThrow(/No usable text in https:\/\/x\.example\/broken\.pdf/);
  });
});

describe('pdfTitle', () => {
  const file = (objects: string, trailer: string): Buffer =>
    Buffer.from(`%PDF-1.4\n${objects}\ntrailer\n${trailer}\n%%EOF`, 'latin1');

  it('reads the /Title of the Info dictionary the trailer names, not an outline item', () => {
    const bytes = file(
      '3 0 obj << /Title (Chapter one) /Parent 2 0 R >> endobj\n13 0 obj << /Producer (x) >> endobj\n' +
        '23 0 obj << /Producer (pdfkit) /Title (Tides \\(and\\) \\\\ mills\\351) >> endobj',
      '<< /Root 1 0 R /Info 23 0 R >>',
    );
    expect(pdfTitle(bytes)).toBe('Tides (and) \\ millsé');
  });

  it('decodes UTF-16 hexadecimal titles and takes the last Info of an updated file', () => {
    const hex = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Año «1850»', 'utf16le').swap16()]).toString(
      'hex',
    );
    const bytes = file(
      `4 0 obj << /Title (Old title) >> endobj\ntrailer << /Info 4 0 R >>\n5 0 obj << /Title <${hex}> >> endobj`,
      '<< /Info 5 0 R /Prev 100 >>',
    );
    expect(pdfTitle(bytes)).toBe('Año «1850»');
  });

  it('falls back to the XMP dc:title, and gives null when there is no title', () => {
    const xmp = Buffer.from(
      '%PDF-1.7\n<x:xmpmeta><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Mareas &amp; molinos: año 1850</rdf:li></rdf:Alt></dc:title></x:xmpmeta>',
      'utf8',
    );
    expect(pdfTitle(xmp)).toBe('Mareas & molinos: año 1850');
    expect(pdfTitle(file('7 0 obj << /Title () >> endobj', '<< /Info 7 0 R >>'))).toBeNull();
    expect(pdfTitle(file('7 0 obj << /Producer (x) >> endobj', '<< /Info 7 0 R >>'))).toBeNull();
    expect(pdfTitle(Buffer.from('not a pdf'))).toBeNull();
  });
});
