import {
  AiCheckCreatedResponseSchema,
  AiCheckMarkResponseSchema,
  AiCheckResultResponseSchema,
  AuthSuccessSchema,
  GuestRegistrationResponseSchema,
  CredentialsResponseSchema,
  LoginJsonResponseSchema,
  SuccessMessageSchema,
  type AiCheckResult,
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

    /** A visitor's first check makes a guest account (bot check); the server sets the guest cookie. */
    async registerGuest(): Promise<void> {
      const [botToken, { guest_csrf: guestCsrf }] = await Promise.all([solveBotCheck(client), csrf.get()]);
      await client.postForm(
        '/guest/registration/',
        { 'guest-security-token': botToken, _csrf_token: guestCsrf },
        GuestRegistrationResponseSchema,
      );
    },

    /** Sends a text to the AI detector; a rejection (no AI pages: code `insufficient_ai_balance`) throws. */
    async submitAiCheck(input: { text: string; forceLanguage?: 'en' | 'es' }): Promise<{ id: number; status: number }> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        '/api/v1/chat-gpt/',
        { text: input.text, force_language: input.forceLanguage, _csrf_token: token },
        AiCheckCreatedResponseSchema,
      );
      return result.data;
    },

    async getAiCheck(id: number): Promise<AiCheckResult> {
      const result = await client.getJson(`/api/v1/chat-gpt/${String(id)}/`, AiCheckResultResponseSchema);
      return result.data;
    },

    async markAiCheck(id: number, mark: AiMark, comment?: string): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/chat-gpt/mark/${String(id)}/`,
        { mark, comment, _csrf_token: token },
        AiCheckMarkResponseSchema,
      );
    },

    /** The PDF report of a done AI check (type 3); a failure throws the server's message. */
    async downloadAiReport(id: number): Promise<Blob> {
      const { token } = await csrf.get();
      return client.postFormForBlob(`/profile/fingerprint/download-pdf/${String(id)}/?type=3`, {
        _csrf_token: token,
      });
    },

    async logout(): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm('/logout', { _csrf_token: token }, SuccessMessageSchema);
      csrf.reset();
    },
  };
}
export type AiMark = '0' | '1';
export type Endpoints = ReturnType<typeof createEndpoints>;
