import {
  AI_CHECK_STATUS,
  TEXT_STATE,
  type ReportSettings,
  type SimilarityReport,
  type TextDocument,
  type TextDocumentDetail,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { findAiCheckOfText } from '../ai-checks/ai-checks.repository.ts';
import { findUserById } from '../auth/users.repository.ts';
import type { Caller } from '../groups/group-access.ts';
import { readReport, settingsFromForm } from '../text-checks/report-settings.service.ts';
import { getTextDocument } from '../text-checks/text-checks.read.ts';
import { findLmsCheckScope, hasLiveCourseRole, listMemberLogins } from './lms-api-v2.repository.ts';
import { findLmsGroup, memberHashes, type LmsAuth } from './lms-api.auth.ts';
import { findLmsCheck, type LmsCheckMeta, type LmsTokenRecord } from './lms-api.repository.ts';
import type { SubmitKeys } from './lms-api.resend.ts';

/** The filter flags LMS clients send: '1'/'0' (or true/false, or empty); anything else is refused. */
const FLAG_VALUES: Readonly<Record<string, boolean>> = { '': false, '0': false, false: false, '1': true, true: true };

function flag(fields: Record<string, string>, name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const known = FLAG_VALUES[value.trim().toLowerCase()];
  if (known === undefined) fields[name] = "must be '0' or '1'";
  return known ?? false;
}

/** The LMS fields of a submission (POST /api/v1/text's LMS fields, /lms/moodle/check-text/'s form). */
export type LmsSubmitForm = {
  lms?: string | undefined;
  course_id?: string | undefined;
  assignment_id?: string | undefined;
  assignment_name?: string | undefined;
  course_name?: string | undefined;
  submission_id?: string | undefined;
  attachment_id?: string | undefined;
  source_min_percent?: string | undefined;
  include_quotes?: string | undefined;
  include_references?: string | undefined;
  exclude_self_plagiarism?: string | undefined;
  ignore_templates_enabled?: string | undefined;
  assignment_key?: string | undefined;
  exclude_below_percent?: string | undefined;
  custom_author?: string | undefined;
  check_ai?: string | undefined;
};

/**
 * The plugin's filters as the check's report settings (issue 17's settings): source_min_percent →
 * exclude_below_percent (0-100; it wins over exclude_below_percent), include_quotes, include_references,
 * exclude_self_plagiarism (the author: custom_author, else the LMS author's hash, else — a personal token, where
 * every submission is the account's — the account's name). ignore_templates_enabled must be a flag (recorded with
 * the check; templates do not change the report yet). A value that is not a flag or a percentage: 400
 * validation_failed.
 */
export function lmsSettings(form: LmsSubmitForm, author: string | null): Omit<ReportSettings, 'ignored_sources'> {
  const fields: Record<string, string> = {};
  const quotes = flag(fields, 'include_quotes', form.include_quotes);
  const references = flag(fields, 'include_references', form.include_references);
  const self = flag(fields, 'exclude_self_plagiarism', form.exclude_self_plagiarism);
  flag(fields, 'ignore_templates_enabled', form.ignore_templates_enabled);
  if ((form.assignment_key ?? '').length > 200) fields['assignment_key'] = 'at most 200 characters';
  if ((form.course_name ?? '').length > 300) fields['course_name'] = 'at most 300 characters';
  const percent = form.source_min_percent ?? form.exclude_below_percent ?? '';
  if (form.source_min_percent !== undefined && !/^\s*\d{1,3}(\.\d{1,2})?\s*$/.test(form.source_min_percent)) {
    fields['source_min_percent'] = 'must be a number from 0 to 100';
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', { message: Object.values(fields)[0] ?? '', fields });
  }
  const customAuthor = (form.custom_author ?? '').trim() !== '' ? form.custom_author : (author ?? undefined);
  try {
    return settingsFromForm({
      exclude_below_percent: percent.trim(),
      exclude_self_plagiarism: self ? '1' : '0',
      custom_author: customAuthor,
      include_quotes: quotes ? '1' : '0',
      include_references: references ? '1' : '0',
    });
  } catch (error) {
    if (error instanceof AppError && error.fields?.['exclude_below_percent'] !== undefined) {
      throw new AppError('validation_failed', {
        message: 'source_min_percent must be a number from 0 to 100',
        fields: { source_min_percent: 'must be a number from 0 to 100' },
      });
    }
    throw error;
  }
}

/** An LMS submission: an LMS token, or the lms field (lms=moodle). */
export function isLmsSubmission(auth: AuthContext, form: LmsSubmitForm): boolean {
  return auth.lms !== undefined || (form.lms ?? '').trim() !== '';
}

function origin(form: LmsSubmitForm): string {
  const value = (form.lms ?? '').trim().toLowerCase();
  if (value === '') return 'lms';
  if (!/^[a-z0-9_-]{1,20}$/.test(value)) {
    throw new AppError('validation_failed', { message: 'lms is not valid', fields: { lms: 'not a known client' } });
  }
  return value;
}

function orNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The caller as one string for the idempotency keys: its user, organisation and LMS token. */
export function callerOf(auth: AuthContext): string {
  return `u${String(auth.user?.id ?? '')}|g${String(auth.group?.id ?? '')}|t${String(auth.lms?.token.id ?? '')}`;
}

/** The Idempotency-Key header: 1-200 visible characters, or none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError('validation_failed', {
      message: 'The Idempotency-Key header must be 1-200 visible ASCII characters.',
      fields: { 'Idempotency-Key': 'invalid' },
    });
  }
  return key;
}

/** What an LMS submission adds to a check: who pays, its settings, its AI check, its LMS record and resend key. */
export type LmsSubmitOptions = {
  groupId: number | null;
  settings: Omit<ReportSettings, 'ignored_sources'>;
  checkAi: boolean;
  lms: LmsCheckMeta;
};

/**
 * The LMS side of a submission. A personal LMS token charges its user (any group_id is refused), an
 * organisation's token its organisation; authorHash is the plugin's hash field (group submissions).
 */
export function lmsSubmitOptions(
  auth: AuthContext,
  form: LmsSubmitForm,
  requested: { groupId: number | null; checkAi: boolean; authorHash: string | null },
): LmsSubmitOptions {
  const token = auth.lms?.token ?? null;
  let groupId = requested.groupId;
  if (token !== null) {
    if (token.group_id === null && groupId !== null) throw new AppError('forbidden');
    if (token.group_id !== null) groupId = token.group_id;
  }
  // the author for exclude_self_plagiarism, recorded with every LMS check so later ones can leave it out
  const account = auth.user === null ? null : auth.user.name.trim() === '' ? auth.user.email : auth.user.name;
  const selfAuthor = requested.authorHash ?? (token?.group_id == null ? account : null);
  return {
    groupId,
    settings: lmsSettings(form, selfAuthor === '' ? null : selfAuthor),
    checkAi: requested.checkAi || (token?.check_ai ?? false),
    lms: {
      lmsTokenId: token?.id ?? null,
      origin: origin(form),
      authorHash: requested.authorHash,
      courseId: orNull(form.course_id),
      assignmentId: orNull(form.assignment_id),
      assignmentName: orNull(form.assignment_name),
      submissionId: orNull(form.submission_id),
      attachmentId: orNull(form.attachment_id),
      courseName: orNull(form.course_name),
      assignmentKey: orNull(form.assignment_key),
      ignoreTemplatesEnabled: ['1', 'true'].includes((form.ignore_templates_enabled ?? '').trim().toLowerCase()),
    },
  };
}

/** The idempotency keys of a submission: the Idempotency-Key header, and for an LMS submission its resend. */
export function submitKeys(
  request: FastifyRequest,
  lms: LmsSubmitOptions | null,
  options: Record<string, unknown>,
): SubmitKeys | undefined {
  const idempotencyKey = idempotencyKeyOf(request);
  if (idempotencyKey === null && lms === null) return undefined;
  return {
    caller: callerOf(request.auth),
    idempotencyKey,
    byFingerprint: lms !== null,
    options: lms === null ? options : { ...options, settings: lms.settings, lms: lms.lms, groupId: lms.groupId },
  };
}

/**
 * Whether the member a G-TOKEN::hash names may read an organisation check: its owner or a teacher (role 1 or 2,
 * institution-wide), the check's author (the submission's hash is one of the member's identities), or a teacher
 * of the check's course by a live course-role grant (POST /lms/moodle/course-role/, 48 hours).
 */
async function memberMayRead(db: Queryable, token: LmsTokenRecord, lms: LmsAuth, checkId: number): Promise<boolean> {
  const groupId = token.group_id ?? 0;
  const memberId = lms.memberUserId ?? 0;
  const { rows } = await db.query<{ role: number; email: string | null }>(
    'SELECT m.role, u.email FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = $1 AND m.user_id = $2',
    [groupId, memberId],
  );
  const member = rows[0];
  if (member === undefined) return false;
  if (member.role === 1 || member.role === 2) return true;
  const scope = await findLmsCheckScope(db, checkId);
  if (scope === null) return false;
  if (scope.author_hash !== null) {
    const identities = [
      ...(member.email === null ? [] : [member.email]),
      ...(await listMemberLogins(db, groupId)).filter((row) => row.user_id === memberId).map((row) => row.login),
    ];
    const tokenText = lms.tokenText ?? '';
    const hashes = identities.flatMap((identity) => memberHashes(tokenText, identity));
    if (tokenText !== '' && hashes.includes(scope.author_hash)) return true;
  }
  return scope.course_id !== null && (await hasLiveCourseRole(db, groupId, memberId, scope.course_id));
}

/** Whose rights read a check made with an LMS token: the token's user, or its organisation (as its own token). */
async function tokenReader(db: Queryable, lms: LmsAuth, checkId: number): Promise<Caller> {
  const token = lms.token;
  const made = await findLmsCheck(db, checkId);
  if (made === null || made.lms_token_id !== token.id) throw new AppError('not_found');
  if (token.group_id !== null && lms.memberUserId !== null && !(await memberMayRead(db, token, lms, checkId))) {
    throw new AppError('not_found');
  }
  if (token.user_id !== null) {
    const user = await findUserById(db, token.user_id);
    if (user === null) throw new AppError('not_found');
    return { user, group: null };
  }
  const group = await findLmsGroup(db, token.group_id ?? 0);
  if (group === null) throw new AppError('not_found');
  return { user: null, group };
}

/** The caller whose rights read check `id`: an LMS token reads only the checks it made (else 404). */
export async function readerFor(db: Queryable, auth: AuthContext, id: number): Promise<Caller> {
  return auth.lms === undefined ? auth : tokenReader(db, auth.lms, id);
}

const AI_RUNNING: ReadonlySet<number> = new Set([AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing]);

/**
 * GET /api/v1/text/{id} (and /lms/check-report/{id}/): the document with report {id, percent} and ai_report
 * {processed_percent}. For an LMS submission processed_percent is the AI share (0-100), which is what those
 * clients show as the AI figure, and a token caller sees state 3 until a running AI check ends (the plugin stops
 * polling at 5); for other checks it is the AI detector's coverage. null where there is no figure.
 */
export async function documentDetail(
  db: Queryable,
  caller: Caller,
  id: number,
  viaToken: boolean,
): Promise<TextDocumentDetail> {
  const document: TextDocument = await getTextDocument(db, caller, id);
  const lms = await findLmsCheck(db, id);
  const ready = document.state === TEXT_STATE.ready;
  let state = document.state;
  let processed: number | null;
  if (lms !== null) {
    const aiRunning = document.ai_status !== null && AI_RUNNING.has(document.ai_status);
    if (ready && aiRunning && viaToken) state = TEXT_STATE.inProgress;
    processed = document.ai_status === AI_CHECK_STATUS.done ? (document.ai_percent ?? 0) : null;
  } else {
    const ai = document.ai_status === AI_CHECK_STATUS.done ? await findAiCheckOfText(db, id) : null;
    processed = ai === null ? null : Math.round(ai.processed_percent * 100) / 100;
  }
  return {
    ...document,
    state,
    report: { id: document.id, percent: ready ? (document.percent ?? 0) : null },
    ai_report: { processed_percent: state === TEXT_STATE.ready ? processed : null },
    lms: lms !== null,
  };
}

/** The report of the public report page: the document and its Similarity report (null until ready). */
export async function publicReport(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ document: TextDocumentDetail; report: SimilarityReport | null }> {
  const document = await documentDetail(db, caller, id, false);
  const report = document.state === TEXT_STATE.ready ? await readReport(db, caller, id) : null;
  return { document, report };
}

export type { LmsAuth };
