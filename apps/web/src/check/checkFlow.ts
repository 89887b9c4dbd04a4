import type { TextValidateResponse } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import type { Endpoints } from '../api/endpoints.ts';
import type { ReportSettingsInput } from '../api/reportSettings.ts';
import { decideTextSend, isGroupLocked, isGuestAccount, type Account } from './account.ts';
import { firstWords } from './checkForm.ts';
import { applyFailure, isUploadable, type FileItem } from './fileItems.ts';

export type CheckLanguage = 'en' | 'es';

export type CheckFlowDeps = {
  endpoints: Pick<Endpoints, 'validateText' | 'submitText' | 'registerGuest'>;
  /** Who pays now; read again after a guest account was made. */
  getAccount: () => Account;
  /** Lowers the local guest balance after an accepted guest check (bonus by 1). */
  spendGuestTextPage: () => void;
};

export type VerifiedText = { text: string; pages: number; hash: string | null };

export type TextFlowResult =
  /** Verification refused the text: the server's message is the form error. */
  | { kind: 'rejected'; message: string }
  | { kind: 'locked' }
  | { kind: 'confirm'; verified: VerifiedText; account: Account }
  | { kind: 'sent'; id: number; isGuest: boolean };

type Target = {
  language: CheckLanguage;
  groupId: number | null;
  /** The user ticked "Don't add this text to the Veritext index" (sent as exclude_from_index). */
  excludeFromIndex?: boolean;
  /** The report's settings chosen with the check (issue 17). */
  reportSettings?: ReportSettingsInput;
};

/** The optional flags of a submission, present only when chosen. */
function chosenFlags(input: { excludeFromIndex?: boolean; checkAi?: boolean; reportSettings?: ReportSettingsInput }): {
  excludeFromIndex?: true;
  checkAi?: true;
  reportSettings?: ReportSettingsInput;
} {
  return {
    ...(input.excludeFromIndex === true ? { excludeFromIndex: true as const } : {}),
    ...(input.reportSettings === undefined ? {} : { reportSettings: input.reportSettings }),
    // the AI check only when the user chose it (its AI page was shown before sending)
    ...(input.checkAi === true ? { checkAi: true as const } : {}),
  };
}

/** Makes a guest account for a visitor without one (check-tool.md §4), then reads the account again. */
export async function ensureAccount(deps: CheckFlowDeps): Promise<Account> {
  const account = deps.getAccount();
  if (account.kind !== 'visitor') return account;
  await deps.endpoints.registerGuest();
  return deps.getAccount();
}

/**
 * Sends a verified text (POST /api/v1/text), cut to `cutWords` words when given. The verification hash is
 * sent only with the very text it was made for. A guest's local bonus drops by one.
 */
export async function sendText(
  deps: CheckFlowDeps,
  input: Target & { verified: VerifiedText; cutWords: number | null; isGuest: boolean; checkAi?: boolean },
): Promise<{ kind: 'sent'; id: number; isGuest: boolean }> {
  const { verified } = input;
  const text = input.cutWords === null ? verified.text : firstWords(verified.text, input.cutWords);
  const hash = text === verified.text && verified.hash !== null ? verified.hash : undefined;
  const answer = await deps.endpoints.submitText({
    text,
    language: input.language,
    groupId: input.groupId,
    ...(hash === undefined ? {} : { hash }),
    ...chosenFlags(input),
  });
  if (input.isGuest) deps.spendGuestTextPage();
  return { kind: 'sent', id: answer.data.text.id, isGuest: input.isGuest };
}

/**
 * The text flow of check-tool.md §4: a guest account first for a visitor, verification, then send at once
 * or ask for confirmation (decideTextSend). Server refusals on sending throw their ApiError.
 */
export async function startTextCheck(
  deps: CheckFlowDeps,
  input: Target & { text: string; aiMode: boolean; checkAi?: boolean },
): Promise<TextFlowResult> {
  const account = await ensureAccount(deps);
  if (account.kind === 'group' && isGroupLocked(account.group)) return { kind: 'locked' };
  const answer: TextValidateResponse = await deps.endpoints.validateText({
    text: input.text,
    language: input.language,
    groupId: input.groupId,
  });
  if (!answer.success) return { kind: 'rejected', message: answer.message };
  const verified: VerifiedText = { text: input.text, pages: answer.pages, hash: answer.hash };
  const decision = decideTextSend({ account, pages: answer.pages, aiMode: input.aiMode });
  if (decision.kind === 'locked') return { kind: 'locked' };
  if (decision.kind === 'confirm') return { kind: 'confirm', verified, account };
  return sendText(deps, {
    verified,
    cutWords: decision.cutWords,
    isGuest: isGuestAccount(account),
    language: input.language,
    groupId: input.groupId,
    ...chosenFlags(input),
  });
}

/** Refusals that mean the guest must sign up to check (the pending text is kept as firstCheck). */
export function needsSignup(error: unknown): boolean {
  return isApiError(error) && (error.code === 'guest_full_check' || error.code === 'insufficient_balance');
}

/**
 * Sends the uploadable files one request each, in order (check-tool.md §4): each row becomes in-process,
 * then done (with the server's text state) or its error. Returns the ids of the accepted checks.
 */
export async function sendFiles(
  deps: Pick<CheckFlowDeps, 'endpoints' | 'spendGuestTextPage'>,
  input: Target & {
    items: readonly FileItem[];
    isGuest: boolean;
    onUpdate: (item: FileItem) => void;
    /** Each file also checked for AI (one AI page each), as the user chose. */
    checkAi?: boolean;
  },
): Promise<{ ids: number[]; errors: unknown[] }> {
  const ids: number[] = [];
  const errors: unknown[] = [];
  for (const item of input.items) {
    if (!isUploadable(item)) continue;
    input.onUpdate({ ...item, status: 'in-process' });
    try {
      const answer = await deps.endpoints.submitText({
        file: item.file,
        language: input.language,
        groupId: input.groupId,
        ...(item.hash === null ? {} : { hash: item.hash }),
        ...chosenFlags(input),
      });
      ids.push(answer.data.text.id);
      if (input.isGuest) deps.spendGuestTextPage();
      input.onUpdate({ ...item, status: 'done', textState: answer.data.text.state });
    } catch (error) {
      errors.push(error);
      const message = error instanceof Error ? error.message : String(error);
      input.onUpdate(applyFailure(item, isApiError(error) ? error.code : null, message));
    }
  }
  return { ids, errors };
}

/**
 * Submits a pending first check after login or registration (check-tool.md §4): verified, then sent
 * without the confirm modal. A refusal of the verification is returned; refusals on sending throw.
 */
export async function submitFirstCheck(
  deps: CheckFlowDeps,
  input: Target & { text: string },
): Promise<{ kind: 'rejected'; message: string } | { kind: 'sent'; id: number; isGuest: boolean }> {
  const answer = await deps.endpoints.validateText({
    text: input.text,
    language: input.language,
    groupId: input.groupId,
  });
  if (!answer.success) return { kind: 'rejected', message: answer.message };
  return sendText(deps, {
    verified: { text: input.text, pages: answer.pages, hash: answer.hash },
    cutWords: null,
    isGuest: false,
    language: input.language,
    groupId: input.groupId,
    ...chosenFlags(input),
  });
}
