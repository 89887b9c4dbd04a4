import {
  AUTHORSHIP_FINGERPRINT_TYPE,
  AUTHORSHIP_STATUS,
  AuthorshipSendResponseSchema,
  AuthorshipStatusResponseSchema,
  CheckDeleteFormSchema,
  FingerprintSendFormSchema,
  FingerprintTypeQuerySchema,
  ReportViewQuerySchema,
  SimilarityReportResponseSchema,
  TextAiSendResponseSchema,
  TextAiStatusResponseSchema,
  TextDeletedResponseSchema,
  TextDocumentResponseSchema,
  TextIdParamsSchema,
  TextListQuerySchema,
  TextListResponseSchema,
  TextSubmitFormSchema,
  TextSubmitResponseSchema,
  TextValidateFormSchema,
  TextValidateResponseSchema,
  type TextSubmitForm,
} from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { callerKey, checkRateLimit, type CheckLimits } from '../../http/check-rate-limit.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { authorshipStatus, runAuthorshipCheck } from '../authorship/authorship.service.ts';
import { listTextDocuments, sendTextToAi, textAiStatus } from './text-checks.read.ts';
import { deleteTextCheck } from './text-checks.delete.ts';
import { readReport, settingsFromForm } from './report-settings.service.ts';
import { validateText, type ExtractionCaller } from './text-checks.service.ts';
import { submitTextCheck, type JobSender, type TextSubmitInput } from './text-checks.submit.ts';
import {
  documentDetail,
  isLmsSubmission,
  lmsSubmitOptions,
  readerFor,
  submitKeys,
} from '../lms-api/lms-api.service.ts';

export type TextChecksRoutesOptions = { db: Database; queue: JobSender; limits: CheckLimits };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

// a pasted text of up to 1,048,500 characters, url-encoded, is larger than the default body limit
const TEXT_BODY_LIMIT = 12 * 1024 * 1024;

function isSet(flag: string | undefined): boolean {
  return flag === 'true' || flag === '1';
}

function groupIdOf(value: string | undefined): number | null {
  return value === undefined || value === '' ? null : Number(value);
}

/**
 * The uploaded file: the part `file`, or a file part named `text` as clients written for the PlagiarismCheck API
 * send it (issue 19; a text field `text` stays the pasted text).
 */
export function uploadOf(uploads: readonly UploadedFile[]): UploadedFile | undefined {
  return uploads.find((file) => file.fieldName === 'file') ?? uploads.find((file) => file.fieldName === 'text');
}

function submitInput(request: FastifyRequest<{ Body: TextSubmitForm }>): TextSubmitInput {
  const body = request.body;
  const base = {
    text: body.text,
    upload: uploadOf(request.uploads),
    language: body.language === undefined || body.language === '' ? 'en' : body.language,
    hash: body.hash,
    title: body.title,
    excludeFromIndex: isSet(body.exclude_from_index),
    groupId: groupIdOf(body.group_id),
    checkAi: isSet(body.check_ai),
  };
  const options = {
    language: base.language,
    excludeFromIndex: base.excludeFromIndex,
    title: base.title ?? null,
    fileName: base.upload?.fileName ?? null,
  };
  if (isLmsSubmission(request.auth, body)) {
    // an LMS client (issue 19): its filters as the report's settings, its token's payer and AI option, and a
    // resend of the same request within 24 hours answers the same check
    const lms = lmsSubmitOptions(request.auth, body, {
      groupId: base.groupId,
      checkAi: base.checkAi,
      authorHash: null,
    });
    return { ...base, ...lms, keys: submitKeys(request, lms, options) };
  }
  // the report's settings (issue 17): a refused field stops the check before anything is held
  const settings = settingsFromForm(body);
  return {
    ...base,
    settings,
    keys: submitKeys(request, null, { ...options, settings, groupId: base.groupId, checkAi: base.checkAi }),
  };
}

const SUBMIT_DESCRIPTION =
  'Verifies the text (or extracts the file) as /api/v1/text/validate does, refuses what cannot be checked ' +
  "(text_rejected with the verification's message and code), the same text again within 10 seconds " +
  "('You submitted this text less than 10 seconds ago', 429) or while it is in progress ('Text is already in " +
  "progress', 409), then holds its pages (bonus first, then balance; none for a per-user group) and queues the " +
  'check: data.text {id, state: 3} (no message on success). The file may come as the part `file` or as a file part ' +
  '`text`. The same Idempotency-Key header again (same caller, within 24 hours) answers the first check ' +
  '(another body: 422 idempotency_key_reused); an LMS submission (lms=moodle, or an LMS token) sent again with the ' +
  'same text and options within 24 hours answers the same check, charging nothing. No pages: 402 ' +
  "('Please sign up to run a full check.' for a guest). Poll GET " +
  '/api/v1/text/{id} until state 5 (ready) or 4 (failed: the pages were released).';

/** The plagiarism check's calls (check-tool.md §7): verify, submit, poll, the report and the document's AI check. */
export const textChecksRoutes: FastifyPluginAsyncZod<TextChecksRoutesOptions> = async (api, { db, queue, limits }) => {
  // per address and per account, before the body is read (issue 13 B4); a file's reading is fair per caller
  const validateLimit = checkRateLimit(api, 'text-validate', limits.rate.validate);
  const checkLimit = checkRateLimit(api, 'text-check', limits.rate.check);
  const extraction = (request: FastifyRequest): ExtractionCaller => ({
    key: callerKey(request),
    maxPerCaller: limits.extractMaxPerCaller,
  });

  api.post(
    '/api/v1/text/validate',
    {
      onRequest: validateLimit,
      bodyLimit: TEXT_BODY_LIMIT,
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: 'Verify a text or one file before the check: pages, hash and a verification code; stores nothing',
        description:
          'Codes: 0 bad file format (the extractor message), 1 fewer than 80 symbols (letters and digits), ' +
          '2 no words, 5 more symbols than the maximum (1,048,500) — all with success false and 0 pages; ' +
          '3 letters under 80 % of the symbols, 4 (language en) too many words that are not common in ' +
          'English — warnings with success true and the pages kept; a clean text has code null. ' +
          "The skip flags ('true' or '1') turn the warnings off. Pages = ceil(words / 275).",
        consumes: FORM_TYPES,
        body: TextValidateFormSchema,
        response: { 200: TextValidateResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      void reply.header('cache-control', 'no-store');
      return validateText(
        db,
        request.auth,
        {
          text: body.text,
          upload: uploadOf(request.uploads),
          language: body.language === undefined || body.language === '' ? 'en' : body.language,
          skipEnglishWords: isSet(body.skip_english_words_validation),
          skipPercentLetters: isSet(body.skip_percentage_words_validation),
          groupId: groupIdOf(body.group_id),
        },
        extraction(request),
      );
    },
  );

  for (const [path, summary] of [
    ['/api/v1/text', 'Check a text or one file for plagiarism (holds its pages); poll GET /api/v1/text/{id}'],
    [
      '/api/v1/text/create',
      'The same check for an account allowed a negative balance: the pages are held even below zero',
    ],
  ] as const) {
    api.post(
      path,
      {
        onRequest: checkLimit,
        bodyLimit: TEXT_BODY_LIMIT,
        config: { form: true, csrf: ['form', 'guest'] },
        schema: {
          tags: ['check'],
          summary,
          description: SUBMIT_DESCRIPTION,
          consumes: FORM_TYPES,
          body: TextSubmitFormSchema,
          response: { 200: TextSubmitResponseSchema },
        },
      },
      async (request) =>
        submitTextCheck(
          db,
          queue,
          request.auth,
          { ...submitInput(request), extraction: extraction(request) },
          request.log,
        ),
    );
  }

  api.get(
    '/api/v1/text/',
    {
      schema: {
        tags: ['check'],
        summary:
          "My Documents: the caller's checks, newest first (with group_id: the group's; a student's own; with folder_id: a folder's)",
        description:
          'Filters (issue 17): q (title, file name, author name or e-mail, without case), folder_id (a folder the caller ' +
          'may open, or root), status (in_process, ready, failed, ai_in_process, ai_failed), similarity_min/max, ' +
          'ai_min/max (0-100), date_from/date_to (YYYY-MM-DD, UTC, inclusive), sort. Each document has its author.',
        querystring: TextListQuerySchema,
        response: { 200: TextListResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const query = request.query;
      const data = await listTextDocuments(db, request.auth, {
        groupId: query.group_id ?? null,
        page: query.page,
        perPage: query.per_page,
        folderId: query.folder_id,
        filters: {
          q: query.q,
          status: query.status,
          similarityMin: query.similarity_min,
          similarityMax: query.similarity_max,
          aiMin: query.ai_min,
          aiMax: query.ai_max,
          dateFrom: query.date_from,
          dateTo: query.date_to,
          sort: query.sort,
        },
      });
      return { success: true as const, data };
    },
  );

  api.get(
    '/api/v1/text/:id',
    {
      schema: {
        tags: ['check'],
        summary: 'A checked document: data.state 3 in progress, 4 failed, 5 ready',
        description:
          'With report {id, percent} (percent set once state is 5) and ai_report {processed_percent}. For a check ' +
          'an LMS client submitted (the lms field, an LMS token, /lms/moodle/check-text/) processed_percent is the ' +
          "AI share (0-100), as those clients show it, and a token caller sees state 3 while the check's AI check " +
          'runs; for other checks processed_percent is the AI detector coverage (the share of the text it could ' +
          'assess). null where there is no figure. An LMS token reads only the checks it made.',
        params: TextIdParamsSchema,
        response: { 200: TextDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const id = request.params.id;
      const reader = await readerFor(db, request.auth, id);
      return { success: true as const, data: await documentDetail(db, reader, id, request.auth.via === 'api_token') };
    },
  );

  api.post(
    '/api/v1/text/:id/delete/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary: 'Delete a document for good: its text, Similarity report, AI check and entry in the index',
        description:
          'The author of a personal check; in an organisation its author while a member, its owner and teachers, ' +
          'and its API token; anyone else 404. In progress (or its AI check still queued or running): 409 ' +
          'check_delete_in_progress. The pages it used are not returned.',
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        body: CheckDeleteFormSchema,
        response: { 200: TextDeletedResponseSchema },
      },
    },
    async (request) => {
      const data = await deleteTextCheck(db, request.auth, request.params.id);
      return { success: true as const, message: 'The check was deleted.', data };
    },
  );

  api.get(
    '/api/v1/text/report/:id',
    {
      schema: {
        tags: ['check'],
        summary:
          'The Similarity report of a ready document: plagiarism {nodes, sources, quSources, reSources, …} and ai',
        description:
          '409 until the document is ready (state 5); 404 for a document that is not yours. The report as its ' +
          'settings make it, with the settings (settings_applicable false: stored before it could be rebuilt), the ' +
          'sources they left out and whether the reader may change them; ?only_source=<db_id>: that source alone.',
        params: TextIdParamsSchema,
        querystring: ReportViewQuerySchema,
        response: { 200: SimilarityReportResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        message: '',
        // with its settings (issue 17); ?only_source=<db_id>: that source's passages alone (a view)
        data: await readReport(db, request.auth, request.params.id, request.query.only_source ?? null),
      };
    },
  );

  api.get(
    '/api/v1/fingerprint/text-status/:id/',
    {
      schema: {
        tags: ['check'],
        summary:
          "The AI check of a document (type=3): enabled, and its status (null: not sent; AI detector's statuses); " +
          'type=1: its authorship check (enabled for a teacher or owner where the organisation allows it, status 4 ' +
          'done or null, result)',
        params: TextIdParamsSchema,
        querystring: FingerprintTypeQuerySchema,
        // type=1: the authorship check (modules/authorship, issue 18): {enabled, status, result}
        response: { 200: z.union([AuthorshipStatusResponseSchema, TextAiStatusResponseSchema]) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (request.query.type === AUTHORSHIP_FINGERPRINT_TYPE) {
        return {
          success: true as const,
          message: '',
          data: await authorshipStatus(db, request.auth, request.params.id),
        };
      }
      const data = await textAiStatus(db, request.auth, { id: request.params.id, type: request.query.type });
      return { success: true as const, message: '', data };
    },
  );

  api.post(
    '/api/v1/fingerprint/send-text/:id/',
    {
      config: { form: true, csrf: ['form', 'guest'] },
      schema: {
        tags: ['check'],
        summary:
          'Send a ready document to the AI detector (type 3; holds one AI page); again: the same AI check. type=1: run ' +
          "its authorship check (a teacher or owner; 3 of the organisation's pages, once; again: the stored result)",
        consumes: FORM_TYPES,
        params: TextIdParamsSchema,
        querystring: FingerprintTypeQuerySchema,
        body: FingerprintSendFormSchema,
        // type=1: the authorship check (modules/authorship, issue 18): 3 pages once, then the stored result
        response: { 200: z.union([AuthorshipSendResponseSchema, TextAiSendResponseSchema]) },
      },
    },
    async (request) => {
      if ((request.body?.type ?? request.query.type) === AUTHORSHIP_FINGERPRINT_TYPE) {
        const result = await runAuthorshipCheck(db, request.auth, request.params.id, request.log);
        return { success: true as const, message: '', data: { id: result.id, status: AUTHORSHIP_STATUS.done, result } };
      }
      const data = await sendTextToAi(
        db,
        queue,
        request.auth,
        { id: request.params.id, type: request.body?.type ?? request.query.type },
        request.log,
      );
      return { success: true as const, message: '', data };
    },
  );
};
