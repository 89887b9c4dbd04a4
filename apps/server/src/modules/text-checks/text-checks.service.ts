import {
  CHECK_MAX_SYMBOLS,
  TEXT_VALIDATION_CODE,
  TEXT_VALIDATION_MESSAGES,
  type SiteLanguage,
  type TextValidateResponse,
} from '@veritext/contracts';
import { EXTRACT_MESSAGES, ExtractError, extractText } from '@veritext/extract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { groupActingFor, type Caller } from '../groups/group-access.ts';
import { verifyTextOffThread } from './text-work.ts';
import { rejected } from './text-verify.ts';

export { canonicalText, commonEnglishPercent, textHash, verifyText, type Verified } from './text-verify.ts';

/** Who calls; both may be null (a new guest verifies before their account exists). */
export type TextCheckCaller = Caller;

export type TextValidateInput = {
  text?: string | undefined;
  upload?: UploadedFile | undefined;
  language: SiteLanguage;
  skipEnglishWords: boolean;
  skipPercentLetters: boolean;
  groupId: number | null;
};

/**
 * Who is reading a file, for the extractor's fair scheduling (@veritext/extract): the caller's key (its account,
 * else its address) and how many of its files may be read or wait at once; one more is a 429.
 */
export type ExtractionCaller = { key: string; maxPerCaller: number };

/**
 * Reads the one file of a request in the extractor's worker, bounded: reading stops past the check's maximum of
 * symbols (ExtractError 'too-long'), so a 24 MB text is never read whole. A caller with too many files being read
 * already gets 429 extraction_busy. Other failures throw ExtractError (the caller words them).
 */
export async function extractUpload(
  upload: UploadedFile,
  who: ExtractionCaller | undefined,
  maxSymbols = CHECK_MAX_SYMBOLS,
): Promise<string> {
  try {
    // the upload is read once: its bytes move to the worker rather than being copied
    const bound = { maxSymbols, transfer: true };
    const options = who === undefined ? bound : { ...bound, caller: who.key, maxPerCaller: who.maxPerCaller };
    return (await extractText(upload.bytes, upload.fileName, options)).text;
  } catch (error) {
    if (error instanceof ExtractError && error.code === 'busy') {
      throw new AppError('extraction_busy', { cause: error, headers: { 'retry-after': '5' } });
    }
    throw error;
  }
}

/**
 * The text of a request: pasted, or extracted from its one file (extractUpload). A file that cannot be read
 * throws ExtractError (the caller words it); a text and a file together are refused.
 */
export async function requestText(
  text: string | undefined,
  upload: UploadedFile | undefined,
  who?: ExtractionCaller,
): Promise<string> {
  const hasText = text !== undefined && text.trim() !== '';
  if (upload === undefined) return text ?? '';
  if (hasText) throw new AppError('validation_failed', { fields: { text: 'Send either a text or a file' } });
  return extractUpload(upload, who);
}

/**
 * POST /api/v1/text/validate: verifies a pasted text or one file without storing or charging anything
 * (0 when the file cannot be read, 5 when it has more symbols than the maximum — found while reading it,
 * which stops there — otherwise verifyText's codes). The verification runs in a worker thread (text-work.ts).
 */
export async function validateText(
  db: Queryable,
  caller: TextCheckCaller,
  input: TextValidateInput,
  who?: ExtractionCaller,
): Promise<TextValidateResponse> {
  // with group_id the caller must act in that group (nothing is charged here)
  if (input.groupId !== null) await groupActingFor(db, caller, input.groupId);
  let raw: string;
  try {
    raw = await requestText(input.text, input.upload, who);
  } catch (error) {
    if (!(error instanceof ExtractError)) throw error;
    if (error.code === 'too-long') {
      return rejected(TEXT_VALIDATION_CODE.maximumSymbols, TEXT_VALIDATION_MESSAGES.maximumSymbols, null);
    }
    return rejected(TEXT_VALIDATION_CODE.badFormat, EXTRACT_MESSAGES[error.code], null);
  }
  const { text: _text, words: _words, ...verdict } = await verifyTextOffThread(raw, input, false);
  return verdict;
}
