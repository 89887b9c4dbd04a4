import type { FastifyError, FastifyInstance } from 'fastify';
import { EXTRACT_MESSAGES, fileStatusFor } from '@veritext/extract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../errors.ts';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldsFromValidation(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * The one place errors become responses: AppErrors with their code, framework errors mapped onto
 * the vocabulary, and anything else a 500 whose internals stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers !== undefined) void reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields, error.specCode));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
      const issues = (error.validation ?? []) as ValidationIssue[];
      return reply.status(400).send(errorBody('validation_failed', undefined, fieldsFromValidation(issues)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody('unsupported_media_type'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(errorBody('payload_too_large'));
      // multipart limits (http/uploads.ts): the spec's file-size message, one file per request
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply
          .status(400)
          .send(errorBody('file_invalid', EXTRACT_MESSAGES['too-large'], { file: fileStatusFor('too-large') }));
      case 'FST_FILES_LIMIT':
        return reply.status(400).send(errorBody('validation_failed', undefined, { file: 'One file at a time' }));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send(errorBody('bad_request'));
      default:
        break;
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('rate_limited'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('bad_request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal'));
  });
}
