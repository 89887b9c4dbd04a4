import { isApiError } from '../api/client.ts';
import { isGroupOwner, isNewUser, isSubscriber, type Account } from '../check/account.ts';

/**
 * The AI detector's refusal codes (check-tool.md §8): code 1, no AI pages left (`insufficient_ai_balance`); code 2,
 * the server's message with a Subscribe button: one's subscription has ended (`subscription_ended`, the spec code
 * 2), or the plan needs an upgrade (`subscription_upgrade_required`); anything else is an error alert.
 */
export const NO_AI_PAGES_CODE = 'insufficient_ai_balance';
export const UPGRADE_REQUIRED_CODE = 'subscription_upgrade_required';
export const SUBSCRIPTION_ENDED_CODE = 'subscription_ended';

export type AiRefusal = 'noAiPages' | 'upgrade' | 'other';

export function aiRefusal(error: unknown): AiRefusal {
  if (!isApiError(error)) return 'other';
  if (error.code === NO_AI_PAGES_CODE) return 'noAiPages';
  if (error.code === UPGRADE_REQUIRED_CODE || error.code === SUBSCRIPTION_ENDED_CODE) return 'upgrade';
  return 'other';
}

/** What code 1 leads to, by who ran out of AI pages. */
export type AiShortfall =
  /** A visitor or guest: the check waits for sign-up (firstAiCheck). */
  | { kind: 'signUp' }
  /** A subscriber or a new user: to /pricing/?ai= (the AI plans). */
  | { kind: 'pricing' }
  /** The owner (an individual buys for themself): the AI packages modal. */
  | { kind: 'aiprice'; groupId: number | null }
  /** A member who does not own the organisation: the organisation alert, and Notify admin. */
  | { kind: 'notify'; groupId: number };

/** check-tool.md §8, AI code 1: owner → aiprice modal; other members → alert + notify; subscribers and new users → pricing. */
export function aiShortfall(account: Account): AiShortfall {
  if (account.kind === 'visitor' || account.kind === 'guest') return { kind: 'signUp' };
  if (account.kind === 'group' && !isGroupOwner(account.group)) return { kind: 'notify', groupId: account.group.id };
  if (isSubscriber(account) || isNewUser(account)) return { kind: 'pricing' };
  return { kind: 'aiprice', groupId: account.kind === 'group' ? account.group.id : null };
}
