import { CANCEL_REASONS } from '@veritext/contracts';

export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The farewell survey's answers in the order offered, each with its label's i18n key. */
export const CANCEL_REASON_OPTIONS: readonly { reason: CancelReason; key: string }[] = CANCEL_REASONS.map((reason) => ({
  reason,
  key: `mySubscription.reasons.${reason}`,
}));

/** The survey's most a comment may say (the server's limit). */
export const CANCEL_COMMENT_MAX = 1000;

export type CancelSurvey = { reason: CancelReason | null; comment: string };

/** What is wrong with the survey before it is sent: a reason must be chosen; the comment is optional. */
export function cancelSurveyError(survey: CancelSurvey): 'mySubscription.reasonRequired' | null {
  return survey.reason === null ? 'mySubscription.reasonRequired' : null;
}

/** How the card names a live subscription's state. */
export type SubscriptionState = 'active' | 'cancelled' | 'pastDue' | 'ended';

export function subscriptionState(s: { status: number; cancel_at_period_end: boolean }): SubscriptionState {
  if (s.status === 4) return 'ended';
  if (s.status === 3) return 'pastDue';
  return s.cancel_at_period_end ? 'cancelled' : 'active';
}

/** The query that opens the subscription widget on the plan's own tab. */
export function upgradeSearch(kind: 'individ' | 'team' | 'ai'): string {
  if (kind === 'ai') return '?ai=';
  if (kind === 'team') return '?team=';
  return '';
}
