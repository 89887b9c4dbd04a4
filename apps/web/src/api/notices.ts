import type { NoticesResponse } from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import type { CsrfCache } from './csrf.ts';
import { lazySchema } from './lazySchema.ts';

/** The notices of the user's cabinet: members' requests to an organisation's owner (the notify modal). */
export function createNoticesEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async notices(): Promise<NoticesResponse['data']> {
      return (await client.getJson('/api/v1/notices/', lazySchema('NoticesResponseSchema'))).data;
    },

    async readNotice(id: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/notices/${String(id)}/read/`,
        { _csrf_token: token },
        lazySchema('SuccessMessageSchema'),
      );
    },
  };
}
