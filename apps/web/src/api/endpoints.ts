import type {
  AccountDeletedResponse,
  CheckScopeResponse,
  Profile,
  SimilarityReport,
  TextAiStatusResponse,
  TextDocument,
  TextListResponse,
  TextSubmitResponse,
  TextValidateResponse,
  AiCheckResult,
  CredentialsResponse,
  LoginJsonResponse,
  CollectionImport,
  CollectionListResponse,
} from '@veritext/contracts';
import type { AccountEmailResponse } from '@veritext/contracts';
import type { AuthProvidersResponse } from '@veritext/contracts';
import { loadOnDemand, resolveSchema, type ApiClient, type FormFields } from './client.ts';
import { solveBotCheck } from './altcha.ts';
import type { CsrfCache } from './csrf.ts';
import type { UploadProgress } from './uploadWithProgress.ts';
import { createCommerceEndpoints } from './commerce.ts';
import { createMembersEndpoints } from './members.ts';
import { createFoldersEndpoints } from './folders.ts';
import { createNoticesEndpoints } from './notices.ts';
import { createOrganisationEndpoints } from './organisation.ts';
import { createReportToolsEndpoints } from './reportTools.ts';
import { createGrammarEndpoints } from '../report/grammar/grammarEndpoints.ts';
import { createAuthorshipEndpoints } from '../report/authorship/authorshipEndpoints.ts';
import { createReportSettingsEndpoints, reportSettingsFields, type ReportSettingsInput } from './reportSettings.ts';
import { createSubscriptionEndpoints } from '../commerce/subscriptionEndpoints.ts';
import { createBillingEndpoints } from '../billing/billingEndpoints.ts';
import { createStatisticsEndpoints } from '../statistics/statisticsEndpoints.ts';
import { createFormsEndpoints } from '../forms/formsEndpoints.ts';
import { lazySchema } from './lazySchema.ts';

/** A text or one file for the text-check calls (check-tool.md §7). */
export type CheckPayload = {
  text?: string;
  file?: File;
  language: 'en' | 'es';
  hash?: string;
  groupId?: number | null;
  /** Keep this check out of the index of checked documents. */
  excludeFromIndex?: boolean;
  /** Also check the text for AI (one AI page; only when the user chose it). */
  checkAi?: boolean;
  /** The report's settings chosen with the check (issue 17); none: the defaults. */
  reportSettings?: ReportSettingsInput;
};

function checkFields(input: CheckPayload, token: string): FormFields {
  return {
    text: input.file === undefined ? (input.text ?? '') : undefined,
    language: input.language,
    hash: input.hash,
    // Verification always sends both skip flags as true (check-tool.md §5).
    skip_english_words_validation: 'true',
    skip_percentage_words_validation: 'true',
    exclude_from_index: input.excludeFromIndex === true ? 'true' : undefined,
    group_id: input.groupId === undefined || input.groupId === null ? undefined : String(input.groupId),
    check_ai: input.checkAi === true ? 'true' : undefined,
    ...(input.reportSettings === undefined ? {} : reportSettingsFields(input.reportSettings)),
    _csrf_token: token,
  };
}

function multipartOf(fields: FormFields, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', file, file.name);
  return form;
}

export type LoginInput = { email: string; password: string; rememberMe: boolean };
export type AccountType = 'individual' | 'organisation';
export type RegistrationInput = {
  email: string;
  password: string;
  name: string;
  accountType: AccountType;
  organisationName: string;
  /** An organisation's invite token (sign-up by link): the server ignores the account type then. */
  invite?: string;
  /** The terms box: ticked, the server records the terms and privacy agreements. */
  terms?: boolean;
};

/** The server calls of the session and account flows, each through the one API client. */
export function createEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    ...createCommerceEndpoints(client, csrf),
    ...createMembersEndpoints(client, csrf),
    ...createFoldersEndpoints(client, csrf),
    ...createNoticesEndpoints(client, csrf),
    ...createOrganisationEndpoints(client, csrf),
    ...createReportToolsEndpoints(client, csrf),
    ...createGrammarEndpoints(client, csrf),
    ...createAuthorshipEndpoints(client, csrf),
    ...createReportSettingsEndpoints(client, csrf),
    ...createSubscriptionEndpoints(client, csrf),
    ...createBillingEndpoints(client, csrf),
    ...createStatisticsEndpoints(client),
    ...createFormsEndpoints(client, csrf),

    /** Which outside sign-in providers are offered (Google: 'Continue with Google'). */
    authProviders(): Promise<AuthProvidersResponse> {
      return client.getJson('/api/v1/auth/providers/', lazySchema('AuthProvidersResponseSchema'));
    },

    loginJson(): Promise<LoginJsonResponse> {
      return client.getJson('/login_json', lazySchema('LoginJsonResponseSchema'));
    },

    credentials(): Promise<CredentialsResponse> {
      return client.getJson('/profile/get_credentials', lazySchema('CredentialsResponseSchema'));
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
        lazySchema('AuthSuccessSchema'),
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
          invite: input.invite,
          terms: input.terms === true ? 'on' : undefined,
          'security-token-registration': botToken,
          _csrf_token: token,
        },
        lazySchema('AuthSuccessSchema'),
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
        lazySchema('GuestRegistrationResponseSchema'),
      );
    },

    /** Sends a text or one file to the AI detector; a rejection (no AI pages: code `insufficient_ai_balance`) throws. */
    async submitAiCheck(input: {
      text?: string;
      file?: File;
      forceLanguage?: 'en' | 'es';
      groupId?: number | null;
    }): Promise<{ id: number; status: number }> {
      const { token } = await csrf.get();
      const fields: FormFields = {
        text: input.file === undefined ? (input.text ?? '') : undefined,
        force_language: input.forceLanguage,
        group_id: input.groupId === undefined || input.groupId === null ? undefined : String(input.groupId),
        _csrf_token: token,
      };
      const result =
        input.file === undefined
          ? await client.postForm('/api/v1/chat-gpt/', fields, lazySchema('AiCheckCreatedResponseSchema'))
          : await client.postMultipart(
              '/api/v1/chat-gpt/',
              multipartOf(fields, input.file),
              lazySchema('AiCheckCreatedResponseSchema'),
            );
      return result.data;
    },

    async getAiCheck(id: number): Promise<AiCheckResult> {
      const result = await client.getJson(`/api/v1/chat-gpt/${String(id)}/`, lazySchema('AiCheckResultResponseSchema'));
      return result.data;
    },

    async markAiCheck(id: number, mark: AiMark, comment?: string): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/chat-gpt/mark/${String(id)}/`,
        { mark, comment, _csrf_token: token },
        lazySchema('AiCheckMarkResponseSchema'),
      );
    },

    /** The PDF report of a done AI check (type 3), in `language`; a failure throws the server's message. */
    async downloadAiReport(id: number, language?: 'en' | 'es'): Promise<Blob> {
      const { token } = await csrf.get();
      return client.postFormForBlob(`/profile/fingerprint/download-pdf/${String(id)}/?type=3`, {
        _csrf_token: token,
        language,
      });
    },

    /** POST /api/v1/text/validate: pages, hash and verification code of a text or one file; charges nothing. */
    async validateText(input: CheckPayload): Promise<TextValidateResponse> {
      const { token } = await csrf.get();
      const fields = checkFields(input, token);
      return input.file === undefined
        ? client.postForm('/api/v1/text/validate', fields, lazySchema('TextValidateResponseSchema'))
        : client.postMultipart(
            '/api/v1/text/validate',
            multipartOf(fields, input.file),
            lazySchema('TextValidateResponseSchema'),
          );
    },

    /**
     * POST /api/v1/text (or /api/v1/text/create when the account may go below zero): holds the pages and
     * queues the check. A refusal (no pages, duplicate, in progress) throws its ApiError.
     */
    async submitText(input: CheckPayload & { negativeBalanceAllowed?: boolean }): Promise<TextSubmitResponse> {
      const { token } = await csrf.get();
      const path = input.negativeBalanceAllowed === true ? '/api/v1/text/create' : '/api/v1/text';
      const fields = checkFields(input, token);
      return input.file === undefined
        ? client.postForm(path, fields, lazySchema('TextSubmitResponseSchema'))
        : client.postMultipart(path, multipartOf(fields, input.file), lazySchema('TextSubmitResponseSchema'));
    },

    async getText(id: number): Promise<TextDocument> {
      return (await client.getJson(`/api/v1/text/${String(id)}`, lazySchema('TextDocumentResponseSchema'))).data;
    },

    /** What a check on this service compares a text with, before it runs: whether the internet is searched. */
    async checkScope(): Promise<CheckScopeResponse['data']> {
      return (await client.getJson('/api/v1/check-scope/', lazySchema('CheckScopeResponseSchema'))).data;
    },

    async getTextReport(id: number): Promise<SimilarityReport> {
      return (await client.getJson(`/api/v1/text/report/${String(id)}`, lazySchema('SimilarityReportResponseSchema')))
        .data;
    },

    /** My Documents: the caller's checks (or a group's), newest first. */
    async listTexts(
      options: { groupId?: number | null; page?: number; perPage?: number } = {},
    ): Promise<TextListResponse['data']> {
      const query = new URLSearchParams();
      if (options.groupId !== undefined && options.groupId !== null) query.set('group_id', String(options.groupId));
      if (options.page !== undefined) query.set('page', String(options.page));
      if (options.perPage !== undefined) query.set('per_page', String(options.perPage));
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return (await client.getJson(`/api/v1/text/${suffix}`, lazySchema('TextListResponseSchema'))).data;
    },

    /** Deletes a document for good: its text, report, AI check and index entry (issue 13, A5). */
    async deleteText(id: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/text/${String(id)}/delete/`,
        { _csrf_token: token },
        lazySchema('TextDeletedResponseSchema'),
      );
    },

    /** Deletes a stand-alone AI check for good: its text and result (issue 13, A5). */
    async deleteAiCheck(id: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `/api/v1/chat-gpt/${String(id)}/delete/`,
        { _csrf_token: token },
        lazySchema('AiCheckDeletedResponseSchema'),
      );
    },

    /** The AI check of a document: enabled, and its status (null: not sent yet). */
    async getTextAiStatus(id: number): Promise<TextAiStatusResponse['data']> {
      return (
        await client.getJson(
          `/api/v1/fingerprint/text-status/${String(id)}/?type=3`,
          lazySchema('TextAiStatusResponseSchema'),
        )
      ).data;
    },

    /** Sends a document to the AI detector (one AI page held). */
    async sendTextToAi(id: number): Promise<{ id: number; status: number }> {
      const { token } = await csrf.get();
      const result = await client.postForm(
        `/api/v1/fingerprint/send-text/${String(id)}/`,
        { type: '3', _csrf_token: token },
        lazySchema('TextAiSendResponseSchema'),
      );
      return result.data;
    },

    /** The PDF of a document's similarity report (with its AI part); a failure throws the server's message. */
    async downloadSimilarityReport(id: number, language?: 'en' | 'es'): Promise<Blob> {
      const { token } = await csrf.get();
      return client.postFormForBlob(`/profile/fingerprint/download-pdf/${String(id)}/`, {
        _csrf_token: token,
        language,
      });
    },

    /* ---- reference collections (site administrators) ---- */

    async listCollections(): Promise<CollectionListResponse['data']> {
      return (await client.getJson('/api/v1/admin/collections/', lazySchema('CollectionListResponseSchema'))).data;
    },

    async getCollectionImport(id: number): Promise<CollectionImport> {
      return (
        await client.getJson(
          `/api/v1/admin/collections/imports/${String(id)}/`,
          lazySchema('CollectionImportResponseSchema'),
        )
      ).data.import;
    },

    async removeCollection(name: string): Promise<{ name: string; documents: number }> {
      const { token } = await csrf.get();
      const path = `/api/v1/admin/collections/${encodeURIComponent(name)}/remove/`;
      return (await client.postForm(path, { _csrf_token: token }, lazySchema('CollectionRemovedResponseSchema'))).data;
    },

    /** Sends the files (each named by its relative path) with upload progress; answers the queued import. */
    async uploadCollection(
      input: { name: string; title: string; items: readonly { file: File; path: string }[] },
      options: { apiToken: string | null; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
    ): Promise<{ id: number; state: CollectionImport['state'] }> {
      const { token } = await csrf.get();
      const form = new FormData();
      form.append('_csrf_token', token);
      form.append('name', input.name);
      if (input.title.trim() !== '') form.append('title', input.title.trim());
      for (const item of input.items) form.append('files', item.file, item.path);
      // The upload helper loads on demand (only the administrators' collection page sends files this way).
      const { uploadWithProgress } = await loadOnDemand(() => import('./uploadWithProgress.ts'));
      const result = await uploadWithProgress({
        path: '/api/v1/admin/collections/',
        form,
        schema: await resolveSchema(lazySchema('CollectionImportCreatedResponseSchema')),
        apiToken: options.apiToken,
        ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return result.data.import;
    },

    /** Sends one Wikipedia dump (streamed to the server's disk) with upload progress; answers the queued import. */
    async uploadWikipediaDump(
      input: { name: string; title: string; file: File },
      options: { apiToken: string | null; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
    ): Promise<{ id: number; state: CollectionImport['state'] }> {
      const { token } = await csrf.get();
      const form = new FormData();
      // the fields before the file: the server reads the dump as it streams in
      form.append('_csrf_token', token);
      form.append('name', input.name);
      if (input.title.trim() !== '') form.append('title', input.title.trim());
      form.append('dump', input.file, input.file.name);
      const { uploadWithProgress } = await loadOnDemand(() => import('./uploadWithProgress.ts'));
      const result = await uploadWithProgress({
        path: '/api/v1/admin/collections/wikipedia/',
        form,
        schema: await resolveSchema(lazySchema('CollectionImportCreatedResponseSchema')),
        apiToken: options.apiToken,
        ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return result.data.import;
    },

    /* ---- e-mail verification and password reset (the activity-report portal uses them too) ---- */

    /** POST /forgot_password: the same answer whether or not the address has an account. */
    async forgotPassword(email: string, portal?: 'integrito'): Promise<AccountEmailResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/forgot_password',
        { email: email.trim(), portal, _csrf_token: token },
        lazySchema('AccountEmailResponseSchema'),
      );
    },

    /** POST /validate_reset_password_code: a bad, used or expired code throws its ApiError. */
    async validateResetCode(code: string): Promise<AccountEmailResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/validate_reset_password_code',
        { code, _csrf_token: token },
        lazySchema('AccountEmailResponseSchema'),
      );
    },

    /** POST /reset_password: ends every session of the account on success. */
    async resetPassword(input: {
      code: string;
      password: string;
      confirmPassword: string;
    }): Promise<AccountEmailResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/reset_password',
        { code: input.code, password: input.password, confirm_password: input.confirmPassword, _csrf_token: token },
        lazySchema('AccountEmailResponseSchema'),
      );
    },

    /** POST /resend_verification_email: at most 3 an hour. */
    async resendVerificationEmail(): Promise<AccountEmailResponse> {
      const { token } = await csrf.get();
      return client.postForm(
        '/resend_verification_email',
        { _csrf_token: token },
        lazySchema('AccountEmailResponseSchema'),
      );
    },

    /* ---- the profile (commerce-and-cabinet.md §3) ---- */

    async getProfile(): Promise<Profile> {
      return (await client.getJson('/api/v1/profile/', lazySchema('ProfileResponseSchema'))).data.profile;
    },

    async updateProfile(input: { name: string; timezone: string; language: string }): Promise<Profile> {
      const { token } = await csrf.get();
      return (
        await client.postForm('/api/v1/profile/', { ...input, _csrf_token: token }, lazySchema('ProfileResponseSchema'))
      ).data.profile;
    },

    async changeEmail(input: { email: string; currentPassword: string }): Promise<Profile> {
      const { token } = await csrf.get();
      const fields = { email: input.email.trim(), current_password: input.currentPassword, _csrf_token: token };
      return (await client.postForm('/api/v1/profile/email/', fields, lazySchema('ProfileResponseSchema'))).data
        .profile;
    },

    /** Resolves to the new personal API token (the server replaces it with the password). */
    async changePassword(input: { currentPassword: string; password: string; confirmPassword: string }) {
      const { token } = await csrf.get();
      const fields = {
        current_password: input.currentPassword,
        password: input.password,
        confirm_password: input.confirmPassword,
        _csrf_token: token,
      };
      const result = await client.postForm(
        '/api/v1/profile/password/',
        fields,
        lazySchema('PasswordChangedResponseSchema'),
      );
      csrf.reset();
      return result.data;
    },

    async deleteAccount(currentPassword: string): Promise<AccountDeletedResponse['data']> {
      const { token } = await csrf.get();
      const fields = { current_password: currentPassword, _csrf_token: token };
      const result = await client.postForm(
        '/api/v1/profile/delete/',
        fields,
        lazySchema('AccountDeletedResponseSchema'),
      );
      csrf.reset();
      return result.data;
    },

    async logout(): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm('/logout', { _csrf_token: token }, lazySchema('SuccessMessageSchema'));
      csrf.reset();
    },
  };
}
export type AiMark = '0' | '1';
export type Endpoints = ReturnType<typeof createEndpoints>;
