import { NOTIFY_REASONS, type NotifyReason } from '@veritext/contracts';

/** Days since the last AI order after which the AI packages modal says the subscription ended (spec §9). */
export const SUBSCRIPTION_ENDED_AFTER_DAYS = 30;

export type AiPriceTitleKey = 'aiPrice.title.plans' | 'aiPrice.title.ended';

/**
 * The AI packages modal's title (commerce-and-cabinet.md §2): "Subscription ended, but you can start a new one!"
 * when the user has no non-AI orders, the last AI order was paid 30 or more days ago and the user is not new;
 * otherwise "Subscription AI Plans". A user who never paid an AI order has nothing that ended.
 */
export function aiPriceTitleKey(input: {
  notAiOrders: number;
  lastAiOrderPaidDaysAgo: number | null;
  isNewUser: boolean;
}): AiPriceTitleKey {
  const ended =
    input.notAiOrders === 0 &&
    input.lastAiOrderPaidDaysAgo !== null &&
    input.lastAiOrderPaidDaysAgo >= SUBSCRIPTION_ENDED_AFTER_DAYS &&
    !input.isNewUser;
  return ended ? 'aiPrice.title.ended' : 'aiPrice.title.plans';
}

/** A positive whole number from the modal props (an organisation's id), or null. */
export function idProp(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** The notify modal's reason from its props; pages when absent or unknown. */
export function notifyReasonProp(value: unknown): NotifyReason {
  return typeof value === 'string' && (NOTIFY_REASONS as readonly string[]).includes(value)
    ? (value as NotifyReason)
    : 'pages';
}
