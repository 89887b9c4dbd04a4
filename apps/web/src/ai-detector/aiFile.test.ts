import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@veritext/contracts';
import {
  ACCEPT_ATTRIBUTE,
  EMPTY_INPUT,
  addFiles,
  canSubmit,
  changeText,
  fileExtension,
  fileProblem,
  formatFileSize,
  removeFile,
  submissionOf,
  type AiInput,
} from './aiFile.ts';

/** A File of `size` bytes without allocating them. */
function fakeFile(name: string, size = 1000): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('file acceptance for the AI detector', () => {
  it('accepts the nine document extensions, whatever their case', () => {
    for (const name of ['a.doc', 'a.docx', 'a.pdf', 'a.txt', 'a.rtf', 'a.odt', 'a.odp', 'a.ppt', 'a.pptx', 'B.PDF']) {
      expect(fileProblem(fakeFile(name)), name).toBeNull();
    }
    expect(ACCEPT_ATTRIBUTE).toBe('.doc,.docx,.pdf,.txt,.rtf,.odt,.odp,.ppt,.pptx');
  });

  it("refuses other or missing extensions as 'format'", () => {
    for (const name of ['photo.png', 'archive.zip', 'pdf', 'notes.', '.txt', 'report.pdf.exe']) {
      expect(fileProblem(fakeFile(name)), name).toBe('format');
    }
    expect(fileExtension('Thesis.Final.DOCX')).toBe('docx');
    expect(fileExtension('README')).toBe('');
  });

  it("takes exactly 25 MB and refuses one byte more (or an empty file) as 'size'", () => {
    expect(fileProblem(fakeFile('a.pdf', MAX_FILE_BYTES))).toBeNull();
    expect(MAX_FILE_BYTES).toBe(26214400);
    expect(fileProblem(fakeFile('a.pdf', MAX_FILE_BYTES + 1))).toBe('size');
    expect(fileProblem(fakeFile('a.pdf', 0))).toBe('size');
    expect(fileProblem(fakeFile('a.png', MAX_FILE_BYTES + 1))).toBe('formatAndSize');
  });
});

describe('one file or the text, never both', () => {
  const withText: AiInput = { text: 'Some pasted text', file: null };

  it('adding a file clears the pasted text', () => {
    const next = addFiles(withText, [fakeFile('essay.docx')]);
    expect(next.text).toBe('');
    expect(next.file?.file.name).toBe('essay.docx');
    expect(next.file?.problem).toBeNull();
  });

  it('a new file replaces the earlier one; of several at once the last is kept', () => {
    const first = addFiles(EMPTY_INPUT, [fakeFile('one.pdf')]);
    const second = addFiles(first, [fakeFile('two.txt')]);
    expect(second.file?.file.name).toBe('two.txt');
    const many = addFiles(EMPTY_INPUT, [fakeFile('a.pdf'), fakeFile('b.pdf'), fakeFile('c.pdf')]);
    expect(many.file?.file.name).toBe('c.pdf');
  });

  it('an invalid file is kept with its problem (so its row can say why) and cannot be sent', () => {
    const next = addFiles(withText, [fakeFile('song.mp3')]);
    expect(next.file?.problem).toBe('format');
    expect(canSubmit(next)).toBe(false);
    expect(submissionOf(next)).toEqual({ kind: 'none' });
  });

  it('adding no file changes nothing', () => {
    expect(addFiles(withText, [])).toBe(withText);
  });

  it('typing text removes the file; clearing the text area does not', () => {
    const withFile = addFiles(EMPTY_INPUT, [fakeFile('essay.pdf')]);
    expect(changeText(withFile, '').file).not.toBeNull();
    const typed = changeText(withFile, 'H');
    expect(typed).toEqual({ text: 'H', file: null });
  });

  it('remove drops the file', () => {
    const withFile = addFiles(EMPTY_INPUT, [fakeFile('essay.pdf')]);
    expect(removeFile(withFile).file).toBeNull();
    expect(canSubmit(removeFile(withFile))).toBe(false);
  });

  it('sends the file when there is one, else the trimmed text, else nothing', () => {
    const file = fakeFile('essay.pdf');
    expect(submissionOf(addFiles(EMPTY_INPUT, [file]))).toEqual({ kind: 'file', file });
    expect(submissionOf({ text: '  hello  ', file: null })).toEqual({ kind: 'text', text: 'hello' });
    expect(submissionOf({ text: '   ', file: null })).toEqual({ kind: 'none' });
    expect(canSubmit({ text: 'x', file: null })).toBe(true);
  });
});

describe('file sizes', () => {
  it('reads in binary units, so the limit reads 25 MB', () => {
    expect(formatFileSize(MAX_FILE_BYTES, 'en')).toBe('25 MB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(500, 'en')).toBe('500 bytes');
    expect(formatFileSize(1572864, 'es')).toBe('1,5 MB');
  });
});
