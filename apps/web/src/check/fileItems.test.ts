import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, type TextValidateResponse } from '@veritext/contracts';
import {
  FILE_ACCEPT,
  addFiles,
  applyFailure,
  applyVerification,
  createFileItem,
  fileIdOf,
  fileRowTone,
  fileStatusKey,
  fileSubmitError,
  fileTooltip,
  isUploadable,
  statusForCode,
  uploadablePages,
  type FileItem,
} from './fileItems.ts';

function file(name: string, lastModified = 1000, size = 10): File {
  const item = new File(['x'.repeat(Math.min(size, 10))], name, { lastModified });
  if (size > 10) Object.defineProperty(item, 'size', { value: size });
  return item;
}

const answer = (partial: Partial<TextValidateResponse>): TextValidateResponse => ({
  success: true,
  pages: 3,
  hash: 'h1',
  message: '',
  code: null,
  ...partial,
});

describe('file items', () => {
  it('derives the id from the last-modified time plus the name', () => {
    expect(fileIdOf(file('essay.docx', 1234))).toBe('1234essay.docx');
    expect(createFileItem(file('essay.docx', 1234)).id).toBe('1234essay.docx');
  });

  it('accepts the nine extensions in the input', () => {
    expect(FILE_ACCEPT).toBe('.doc,.docx,.pdf,.txt,.rtf,.odt,.odp,.ppt,.pptx');
  });

  it('makes a new file ready to upload, or a format or size error', () => {
    const ok = createFileItem(file('Essay.PDF'));
    expect(ok).toMatchObject({ status: 'ready-to-upload', type: 'pdf', isNew: true, pages: 0, hash: null });
    expect(createFileItem(file('photo.png')).status).toBe('error-file-format');
    expect(createFileItem(file('noextension')).status).toBe('error-file-format');
    expect(createFileItem(file('big.docx', 1, MAX_FILE_BYTES + 1)).status).toBe('error-file-size');
    expect(createFileItem(file('edge.docx', 1, MAX_FILE_BYTES)).status).toBe('ready-to-upload');
  });

  it('ignores duplicates, among the current files and within one drop', () => {
    const first = addFiles([], [file('a.txt', 1), file('a.txt', 1), file('b.txt', 2)], { aiMode: false });
    expect(first.items.map((item) => item.id)).toEqual(['1a.txt', '2b.txt']);
    const second = addFiles(first.items, [file('a.txt', 1), file('a.txt', 5)], { aiMode: false });
    expect(second.added.map((item) => item.id)).toEqual(['5a.txt']);
    expect(second.items.map((item) => item.id)).toEqual(['1a.txt', '2b.txt', '5a.txt']);
  });

  it('keeps only one file in AI mode, the newest replacing the earlier ones', () => {
    const first = addFiles([], [file('a.txt', 1), file('b.txt', 2)], { aiMode: true });
    expect(first.items.map((item) => item.id)).toEqual(['2b.txt']);
    const second = addFiles(first.items, [file('c.txt', 3)], { aiMode: true });
    expect(second.items.map((item) => item.id)).toEqual(['3c.txt']);
    const duplicate = addFiles(second.items, [file('c.txt', 3)], { aiMode: true });
    expect(duplicate.items.map((item) => item.id)).toEqual(['3c.txt']);
    expect(duplicate.added).toEqual([]);
  });

  it('maps every verification code to its status', () => {
    expect(statusForCode(null)).toBe('ready-to-check');
    expect(statusForCode(0)).toBe('error-file-format');
    expect(statusForCode(1)).toBe('error-number-symbols');
    expect(statusForCode(2)).toBe('error-number-words');
    expect(statusForCode(3)).toBe('warning-percent-letters');
    expect(statusForCode(4)).toBe('warning-percent-english');
    expect(statusForCode(5)).toBe('error-maximum-symbols');
    expect(statusForCode(6)).toBe('error-unknown');
    expect(statusForCode(-1)).toBe('error-unknown');
  });

  it('a clean answer makes the file ready to check with its pages and hash', () => {
    const item = applyVerification(createFileItem(file('a.txt')), answer({}));
    expect(item).toMatchObject({ status: 'ready-to-check', pages: 3, hash: 'h1', isNew: false, error: null });
    expect(isUploadable(item)).toBe(true);
  });

  it('warnings keep pages and hash and stay uploadable; errors do not', () => {
    for (const code of [3, 4]) {
      const item = applyVerification(createFileItem(file('a.txt')), answer({ success: true, code }));
      expect(item.pages).toBe(3);
      expect(item.hash).toBe('h1');
      expect(isUploadable(item)).toBe(true);
    }
    for (const code of [0, 1, 2, 5]) {
      const item = applyVerification(createFileItem(file('a.txt')), answer({ success: false, code, pages: 0 }));
      expect(item.pages).toBe(0);
      expect(item.hash).toBeNull();
      expect(isUploadable(item)).toBe(false);
      expect(fileRowTone(item.status)).toBe('error');
    }
  });

  it('an unknown code keeps the server message for the tooltip', () => {
    const item = applyVerification(createFileItem(file('a.txt')), answer({ success: false, code: 9, message: 'Odd' }));
    expect(item.status).toBe('error-unknown');
    expect(fileTooltip(item)).toEqual({ message: 'Odd' });
  });

  it('gives the spec tooltips', () => {
    const base = createFileItem(file('a.txt'));
    const tip = (status: FileItem['status']) => fileTooltip({ ...base, status });
    expect(tip('error-file-format')).toEqual({ key: 'check.file.tooltip.format' });
    expect(tip('error-file-size')).toEqual({ key: 'check.file.tooltip.size' });
    expect(tip('error-number-symbols')).toEqual({ key: 'check.file.tooltip.minSymbols' });
    expect(tip('error-number-words')).toEqual({ key: 'check.file.tooltip.minWords' });
    expect(tip('error-maximum-symbols')).toEqual({ key: 'check.file.tooltip.maxSymbols' });
    expect(tip('warning-percent-letters')).toEqual({ key: 'check.file.tooltip.letters' });
    expect(tip('warning-percent-english')).toEqual({ key: 'check.file.tooltip.english' });
    expect(tip('ready-to-check')).toBeNull();
  });

  it('labels rows ready or error', () => {
    expect(fileRowTone('ready-to-check')).toBe('ready');
    expect(fileRowTone('warning-percent-english')).toBe('ready');
    expect(fileRowTone('error-file-size')).toBe('error');
    expect(fileStatusKey('ready-to-upload')).toBe('check.file.status.verifying');
    expect(fileStatusKey('in-process')).toBe('check.file.status.sending');
    expect(fileStatusKey('done')).toBe('check.file.status.done');
    expect(fileStatusKey('warning-percent-letters')).toBe('check.file.status.warning');
    expect(fileStatusKey('error-number-words')).toBe('check.file.status.error');
  });

  it('a failed call shows a format error for bad files, otherwise the message', () => {
    const base = createFileItem(file('a.txt'));
    expect(applyFailure(base, 'file_unreadable', 'Bad file format').status).toBe('error-file-format');
    expect(applyFailure(base, 'network', 'Network error occurred')).toMatchObject({
      status: 'error-unknown',
      error: 'Network error occurred',
    });
  });

  it('raises No files to process and No valid files to upload', () => {
    expect(fileSubmitError([])).toBe('check.error.noFiles');
    const bad = createFileItem(file('a.png'));
    expect(fileSubmitError([bad])).toBe('check.error.noValidFiles');
    const ready = applyVerification(createFileItem(file('b.txt')), answer({ pages: 2 }));
    expect(fileSubmitError([bad, ready])).toBeNull();
    expect(fileSubmitError([createFileItem(file('c.txt'))])).toBeNull();
    expect(uploadablePages([bad, ready, ready])).toBe(4);
  });
});
