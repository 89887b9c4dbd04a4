import {
  AuthSuccessSchema,
  CredentialsResponseSchema,
  LoginJsonResponseSchema,
  SuccessMessageSchema,
  type CredentialsResponse,
  type LoginJsonResponse,
} from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import { solveBotCheck } from './altcha.ts';
import type { CsrfCache } from './csrf.ts';

export type LoginInput = { email: string; password: string; rememberMe: boolean };
export type AccountType = 'individual' | 'organisation';
export type RegistrationInput = {
  email: string;
  password: string;
  name: string;
  accountType: AccountType;
  organisationName: string;
};

/** The server calls of the session and account flows, each through the one API client. */
export function createEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    loginJson(): Promise<LoginJsonResponse> {
      return client.getJson('/login_json', LoginJsonResponseSchema);
    },

    credentials(): Promise<CredentialsResponse> {
      return client.getJson('/profile/get_credentials', CredentialsResponseSchema);
    },

    async login(input: LoginInput): Promise<{ redirect: string }> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/login_check',
        {
          _username: input.email.trim(),
          _password: input.password,
          _remember_me: input.rememberMe ? 'on' : undefined,
          'security-token-login': '',
          _csrf_token: token,
        },
        AuthSuccessSchema,
      );
      csrf.reset();
      return result.data;
    },

    /** Solves the bot check first (`onBotCheck` tells the UI), then registers. */
    async register(input: RegistrationInput, onBotCheck?: () => void): Promise<{ redirect: string }> {
      onBotCheck?.();
      const [botToken, { token }] = await Promise.all([solveBotCheck(client), csrf.get()]);
      const name = input.name.trim();
      const result = await client.postForm(
        '/registration/',
        {
          email: input.email.trim(),
          password: input.password,
          name: name === '' ? undefined : name,
          account_type: input.accountType,
          organisation_name: input.accountType === 'organisation' ? input.organisationName.trim() : undefined,
          'security-token-registration': botToken,
          _csrf_token: token,
        },
        AuthSuccessSchema,
      );
      csrf.reset();
      return result.data;
    },

    async logout(): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm('/logout', { _csrf_token: token }, SuccessMessageSchema);
      csrf.reset();
    },
  };
}
export type Endpoints = ReturnType<typeof createEndpoints>;
