import { extractText } from '@veritext/extract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';
import {
  deleteIgnoreTemplates,
  findIgnoreTemplateContent,
  insertIgnoreTemplate,
  listIgnoreTemplates,
  upsertCourseRole,
} from './lms-api-v2.repository.ts';
import { findLmsGroup, findLmsTokenByText, findMemberByHash } from './lms-api.auth.ts';
import type { LmsTokenRecord } from './lms-api.repository.ts';

/*
 * What the newest PlagiarismCheck Moodle plugin (PlagiarismCheck/moodle-plagiarism_pchkorg, its API class) calls
 * besides the first part's routes (lms-api.routes.ts): the token check of its settings page, course-scoped teacher
 * grants, and an activity's ignore templates. Written from the protocol, not from its code.
 */

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** The plugin's client-side cap, enforced here. */
export const MAX_IGNORE_TEMPLATES = 5;
/** A template file: the plugin's own cap on a document (20 MB). */
const TEMPLATE_FILE_BYTES = 20 * 1024 * 1024;
const TEMPLATE_BODY_LIMIT = MAX_IGNORE_TEMPLATES * TEMPLATE_FILE_BYTES + 1024 * 1024;

const Token = z.string().max(200).describe("The organisation's G- token.");
const Hash = z.string().max(128).describe('sha256(token + lower(e-mail or login)) of the member who acts.');
const AssignmentKey = z.string().min(1).max(200).describe("The activity's opaque key (moodle-<site>-<cmid>).");
const TemplateId = z.string().regex(/^\d{1,9}$/);

const TemplateSchema = z.object({ id: z.number().int(), filename: z.string(), size: z.number().int() });

/** A live organisation token from a form field, or 401. */
async function groupTokenOf(db: Database, text: string): Promise<LmsTokenRecord & { group_id: number }> {
  const token = await findLmsTokenByText(db, text.trim());
  if (token === null || token.group_id === null) throw new AppError('invalid_api_token');
  return { ...token, group_id: token.group_id };
}

/** The token's organisation and the member the hash names (else 404 member_not_found for the template calls). */
async function memberOf(db: Database, form: { token: string; hash: string }) {
  const token = await groupTokenOf(db, form.token);
  const member = await findMemberByHash(db, token.group_id, form.token.trim(), form.hash.trim());
  if (member === null) {
    throw new AppError('not_found', {
      message: 'This user is not a member of the organisation.',
      fields: { code: 'member_not_found' },
    });
  }
  return { token, member };
}

/** The template calls answer errors as the plugin reads them: {success: false, code}, code a word. */
function templateCode(error: AppError): string {
  if (error.code === 'invalid_api_token') return 'invalid_token';
  const code = error.fields?.['code'];
  if (code !== undefined) return code;
  return error.code === 'not_found' ? 'template_not_found' : 'template_processing_failed';
}

async function templateCall<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return reply.code(error.status).send({ success: false, code: templateCode(error), message: error.message });
  }
}

function templateError(code: string, message: string, status: 'validation_failed' | 'not_found' = 'validation_failed') {
  return new AppError(status, { message, fields: { code } });
}

/** The extracted text of a template file or pasted text (an unreadable or empty one is refused). */
async function templateText(file: UploadedFile): Promise<string> {
  try {
    const { text } = await extractText(new Uint8Array(file.bytes), file.fileName);
    if (text.trim() === '') throw new Error('empty');
    return text;
  } catch {
    throw templateError('template_processing_failed', `${file.fileName}: no text could be read from this file.`);
  }
}

/** The delete[N] fields of the save form (literal bracketed names), as template ids. */
function deleteIds(body: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (!/^delete\[\d{1,3}\]$/.test(name)) continue;
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) {
      throw templateError('template_not_found', `${name} is not a template id`);
    }
    ids.push(Number(value.trim()));
  }
  return ids;
}

export function registerLmsApiV2Routes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/lms/moodle/token/validate/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "The plugin's settings page: whether a G- token is live, and its organisation",
        description:
          'Form: token. A live organisation token: {success: true, data: {group}} with the group as the plugin ' +
          'shows it (id, name, status 1 enabled / 2 disabled, expired_at null, balance_type, cur_members, ' +
          'max_members (0: no cap), group_balance {balance, bonus} in pages). Anything else: 401 with success false.',
        consumes: FORM_TYPES,
        body: z.object({ token: Token }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              group: z.object({
                id: z.number().int(),
                name: z.string(),
                status: z.union([z.literal(1), z.literal(2)]),
                expired_at: z.null(),
                balance_type: z.number().int(),
                cur_members: z.number().int(),
                max_members: z.number().int(),
                group_balance: z.object({ balance: z.number().int(), bonus: z.number().int() }),
              }),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = await groupTokenOf(db, request.body.token);
      const group = await findLmsGroup(db, token.group_id);
      if (group === null) throw new AppError('invalid_api_token');
      const { rows } = await db.query<{ members: number; max_members: number | null }>(
        `SELECT (SELECT count(*)::int FROM group_members WHERE group_id = $1) AS members, g.max_members
         FROM groups g WHERE g.id = $1`,
        [group.id],
      );
      const account = await findAccountOfGroup(db, group.id);
      return {
        success: true as const,
        data: {
          group: {
            id: group.id,
            name: group.name,
            status: group.is_disabled ? (2 as const) : (1 as const),
            expired_at: null,
            balance_type: group.balance_type,
            cur_members: rows[0]?.members ?? 0,
            max_members: rows[0]?.max_members ?? 0,
            group_balance: { balance: account?.balance ?? 0, bonus: account?.bonus ?? 0 },
          },
        },
      };
    },
  );

  api.post(
    '/lms/moodle/course-role/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: 'A course-scoped teacher grant: the member may open the reports of that course for 48 hours',
        description:
          "Form: token (G-…), hash (the member's sha256(token + lower(e-mail or login))), course_id, role (2, " +
          "Teacher, only). Granted again on every report open (renews the 48 hours). It only adds: the member's " +
          'organisation role and authorship still allow what they allow. Unknown member: 404; another role: 400.',
        consumes: FORM_TYPES,
        body: z.object({ token: Token, hash: Hash, course_id: z.string().max(100), role: z.string().max(2) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ expires_at: z.string() }) }),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const courseId = request.body.course_id.trim();
      const fields: Record<string, string> = {};
      if (request.body.role.trim() !== '2') fields['role'] = 'only 2 (Teacher) is granted per course';
      if (courseId === '') fields['course_id'] = 'required';
      if (Object.keys(fields).length > 0) {
        throw new AppError('validation_failed', { message: Object.values(fields)[0] ?? '', fields });
      }
      const { token, member } = await memberOf(db, request.body);
      const grant = await upsertCourseRole(db, { groupId: token.group_id, userId: member.userId, courseId, role: 2 });
      return { success: true as const, data: { expires_at: new Date(grant.expires_at).toISOString() } };
    },
  );

  const TemplateForm = z.object({ token: Token, hash: Hash, assignment_key: AssignmentKey });

  api.post(
    '/lms/moodle/assignment/ignore-templates/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "An activity's ignore templates (a member of the G- token's organisation)",
        description:
          'Form: token, hash, assignment_key. {success: true, data: {templates: [{id, filename, size}]}}; ' +
          'errors {success: false, code}. Stored per organisation and key.',
        consumes: FORM_TYPES,
        body: TemplateForm,
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ templates: z.array(TemplateSchema) }) }),
        },
      },
    },
    async (request, reply) =>
      templateCall(reply, async () => {
        void reply.header('cache-control', 'no-store');
        const { token } = await memberOf(db, request.body);
        const rows = await listIgnoreTemplates(db, token.group_id, request.body.assignment_key);
        return {
          success: true as const,
          data: { templates: rows.map((row) => ({ id: row.id, filename: row.file_name, size: row.size })) },
        };
      }),
  );

  api.post(
    '/lms/moodle/assignment/ignore-templates/delete/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: 'Delete one ignore template of an activity',
        description:
          "Form: token, hash, assignment_key, template_id. Another activity's template: 404 template_not_found.",
        consumes: FORM_TYPES,
        body: TemplateForm.extend({ template_id: TemplateId }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) =>
      templateCall(reply, async () => {
        const { token } = await memberOf(db, request.body);
        const id = Number(request.body.template_id);
        const deleted = await deleteIgnoreTemplates(db, token.group_id, request.body.assignment_key, [id]);
        if (deleted === 0) throw templateError('template_not_found', 'No such template.', 'not_found');
        return { success: true as const };
      }),
  );

  api.post(
    '/lms/moodle/assignment/ignore-templates/download/',
    {
      config: { form: true, csrf: false },
      schema: {
        tags: ['lms'],
        summary: "An ignore template's original bytes (the plugin's download proxy)",
        description:
          'Form: token, hash, assignment_key, template_id. The file as uploaded (application/octet-stream, ' +
          'Content-Disposition with its name); errors are JSON {success: false, code}.',
        consumes: FORM_TYPES,
        body: TemplateForm.extend({ template_id: TemplateId }),
      },
    },
    async (request, reply) =>
      templateCall(reply, async () => {
        const { token } = await memberOf(db, request.body);
        const found = await findIgnoreTemplateContent(
          db,
          token.group_id,
          request.body.assignment_key,
          Number(request.body.template_id),
        );
        if (found === null) throw templateError('template_not_found', 'No such template.', 'not_found');
        const asciiName = found.file_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(found.file_name)}`,
          )
          .send(found.content);
      }),
  );

  api.post(
    '/lms/moodle/assignment/ignore-templates/save/',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      config: {
        form: true,
        csrf: false,
        // up to the five templates of an activity in one save (the plugin's limit), each a document
        multipartOptions: {
          limits: {
            files: MAX_IGNORE_TEMPLATES,
            fileSize: TEMPLATE_FILE_BYTES,
            fields: 20,
            parts: 26,
            fieldSize: 2_000_000,
          },
        },
      },
      schema: {
        tags: ['lms'],
        summary: "Save an activity's ignore templates: deletions, an uploaded file or pasted text, in one call",
        description:
          'multipart/form-data (or url-encoded without a file): token, hash, assignment_key, template_text, ' +
          'delete[N] (template ids), templates[N] (files, 20 MB each). Files and text together: ' +
          `files_and_text_conflict; over ${String(MAX_IGNORE_TEMPLATES)} templates: template_limit_reached; an ` +
          'unreadable file: template_processing_failed. Stored with the text extracted from it.',
        consumes: FORM_TYPES,
        body: TemplateForm.extend({ template_text: z.string().max(500_000).optional() }).catchall(z.string().max(200)),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (
      request: FastifyRequest<{
        Body: Record<string, unknown> & z.infer<typeof TemplateForm> & { template_text?: string };
      }>,
      reply,
    ) =>
      templateCall(reply, async () => {
        const body = request.body;
        const { token, member } = await memberOf(db, body);
        const ids = deleteIds(body);
        const files = request.uploads.filter((file) => /^templates\[\d{1,3}\]$/.test(file.fieldName));
        const text = (body.template_text ?? '').trim();
        if (files.length > 0 && text !== '') {
          throw templateError('files_and_text_conflict', 'Send either files or text, not both.');
        }
        const added: { fileName: string; content: Buffer; text: string }[] = [];
        for (const file of files)
          added.push({ fileName: file.fileName, content: file.bytes, text: await templateText(file) });
        if (text !== '') added.push({ fileName: 'template.txt', content: Buffer.from(text), text });
        await db.transaction(async (tx) => {
          if (ids.length > 0) {
            const deleted = await deleteIgnoreTemplates(tx, token.group_id, body.assignment_key, ids);
            if (deleted !== ids.length) throw templateError('template_not_found', 'No such template.', 'not_found');
          }
          const existing = await listIgnoreTemplates(tx, token.group_id, body.assignment_key);
          if (existing.length + added.length > MAX_IGNORE_TEMPLATES) {
            throw templateError('template_limit_reached', `At most ${String(MAX_IGNORE_TEMPLATES)} templates.`);
          }
          for (const template of added) {
            await insertIgnoreTemplate(tx, {
              groupId: token.group_id,
              assignmentKey: body.assignment_key,
              fileName: template.fileName.slice(0, 300),
              content: template.content,
              text: template.text,
              userId: member.userId,
            });
          }
        });
        return { success: true as const };
      }),
  );
}
