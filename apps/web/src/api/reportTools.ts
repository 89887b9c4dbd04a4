import type {
  ReportComment,
  ReportCommentsResponse,
  ReportShare,
  ReportShareDays,
  SharedReportResponse,
} from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import type * as Schemas from './reportToolsSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of reportToolsSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./reportToolsSchemas.ts'))[name];
}

/** A passage of the checked text a comment is on: offsets into the text and the passage itself. */
export type CommentSelection = { start: number; end: number; quote: string };

const commentsPath = (checkId: number) => `/api/v1/text/${String(checkId)}/comments/`;
const sharesPath = (checkId: number) => `/api/v1/text/${String(checkId)}/shares/`;

/** The Similarity report's tools (issue 17): comments, and sharing the report by e-mail. */
export function createReportToolsEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async reportComments(checkId: number): Promise<ReportCommentsResponse['data']> {
      return (await client.getJson(commentsPath(checkId), schema('ReportCommentsResponseSchema'))).data;
    },

    /** A comment on the whole report (selection null) or on a passage. */
    async addReportComment(
      checkId: number,
      input: { body: string; selection: CommentSelection | null },
    ): Promise<ReportComment> {
      const { token } = await csrf.get();
      const { selection } = input;
      const result = await client.postForm(
        commentsPath(checkId),
        {
          body: input.body,
          start: selection === null ? undefined : String(selection.start),
          end: selection === null ? undefined : String(selection.end),
          quote: selection === null ? undefined : selection.quote,
          _csrf_token: token,
        },
        schema('ReportCommentResponseSchema'),
      );
      return result.data.comment;
    },

    async deleteReportComment(checkId: number, commentId: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `${commentsPath(checkId)}${String(commentId)}/delete/`,
        { _csrf_token: token },
        schema('ReportCommentDeletedResponseSchema'),
      );
    },

    /** The report's shared links that still work. */
    async reportShares(checkId: number): Promise<ReportShare[]> {
      return (await client.getJson(sharesPath(checkId), schema('ReportSharesResponseSchema'))).data.shares;
    },

    /** Mails a link to the report, valid for `days` days. */
    async shareReport(checkId: number, input: { email: string; days: ReportShareDays }): Promise<ReportShare> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        sharesPath(checkId),
        { email: input.email.trim(), days: String(input.days), _csrf_token: token },
        schema('ReportShareResponseSchema'),
      );
      return result.data.share;
    },

    async revokeReportShare(checkId: number, shareId: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `${sharesPath(checkId)}${String(shareId)}/revoke/`,
        { _csrf_token: token },
        schema('ReportShareRevokedResponseSchema'),
      );
    },

    /** A shared report, read without an account (the token of the e-mailed link). */
    async sharedReport(token: string): Promise<SharedReportResponse['data']> {
      return (
        await client.getJson(
          `/api/v1/shared-reports/${encodeURIComponent(token)}`,
          schema('SharedReportResponseSchema'),
        )
      ).data;
    },
  };
}
