import { AUTHORSHIP_FINGERPRINT_TYPE, type AuthorshipResult, type AuthorshipStatusResponse } from '@veritext/contracts';
import type { ApiClient } from '../../api/client.ts';
import type { CsrfCache } from '../../api/csrf.ts';
import type * as Schemas from './authorshipSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of authorshipSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./authorshipSchemas.ts'))[name];
}

/** The authorship (fingerprint) check of a document (issue 18): the fingerprint calls with type=1. */
export function createAuthorshipEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async authorshipStatus(checkId: number): Promise<AuthorshipStatusResponse['data']> {
      const path = `/api/v1/fingerprint/text-status/${String(checkId)}/?type=${AUTHORSHIP_FINGERPRINT_TYPE}`;
      return (await client.getJson(path, schema('AuthorshipStatusResponseSchema'))).data;
    },

    /** Runs the check (3 of the organisation's pages, once); again: the stored result, free. */
    async runAuthorshipCheck(checkId: number): Promise<AuthorshipResult> {
      const { token } = await csrf.get();
      const answer = await client.postForm(
        `/api/v1/fingerprint/send-text/${String(checkId)}/`,
        { type: AUTHORSHIP_FINGERPRINT_TYPE, _csrf_token: token },
        schema('AuthorshipSendResponseSchema'),
      );
      return answer.data.result;
    },

    /** The authorship report's PDF in `language`; a failure throws the server's message. */
    async downloadAuthorshipReport(checkId: number, language: 'en' | 'es'): Promise<Blob> {
      const { token } = await csrf.get();
      return client.postFormForBlob(
        `/profile/fingerprint/download-pdf/${String(checkId)}/?type=${AUTHORSHIP_FINGERPRINT_TYPE}`,
        { _csrf_token: token, language },
      );
    },
  };
}
