import { PORTAL_NAME, PortalRegistrationResponseSchema, SuccessMessageSchema } from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import { solveBotCheck } from '../api/altcha.ts';
import { createCsrfCache, type CsrfCache } from '../api/csrf.ts';
import { portalRegistrationFields, type PortalFormValues } from './portalForm.ts';

/** The portal's server calls: its sign-up (bot check solved first) and the password e-mails. */
export function createPortalApi(client: ApiClient, csrf: CsrfCache = createCsrfCache(client)) {
  return {
    async register(
      values: PortalFormValues,
      context: { query: string; invite: string; isLoggedIn: boolean },
      onBotCheck?: () => void,
    ) {
      onBotCheck?.();
      const [botToken, { token }] = await Promise.all([solveBotCheck(client), csrf.get()]);
      return client.postForm(
        '/integrito/registration/',
        portalRegistrationFields(values, { ...context, botToken, csrfToken: token }),
        PortalRegistrationResponseSchema,
      );
    },

    /** The password-setting (or reset) e-mail; the portal's links lead back to the portal. */
    async sendPasswordEmail(email: string): Promise<string | undefined> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/forgot_password',
        { email: email.trim(), portal: PORTAL_NAME, _csrf_token: token },
        SuccessMessageSchema,
      );
      return result.message;
    },

    async validateResetCode(code: string): Promise<string | undefined> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/validate_reset_password_code',
        { code, _csrf_token: token },
        SuccessMessageSchema,
      );
      return result.message;
    },

    async resetPassword(input: { code: string; password: string; confirmPassword: string }): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        '/reset_password',
        { code: input.code, password: input.password, confirm_password: input.confirmPassword, _csrf_token: token },
        SuccessMessageSchema,
      );
    },
  };
}
export type PortalApi = ReturnType<typeof createPortalApi>;

const apis = new WeakMap<ApiClient, PortalApi>();
export function portalApiFor(client: ApiClient): PortalApi {
  let api = apis.get(client);
  if (api === undefined) {
    api = createPortalApi(client);
    apis.set(client, api);
  }
  return api;
}
