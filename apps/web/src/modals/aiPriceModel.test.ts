import { describe, expect, it } from 'vitest';
import { aiPriceTitleKey, idProp, notifyReasonProp } from './aiPriceModel.ts';

describe('the AI packages modal title (commerce-and-cabinet.md §2, §9)', () => {
  const ended = { notAiOrders: 0, lastAiOrderPaidDaysAgo: 30, isNewUser: false };

  it('"Subscription ended…" with no non-AI orders, the last AI order paid 30 or more days ago, and not new', () => {
    expect(aiPriceTitleKey(ended)).toBe('aiPrice.title.ended');
    expect(aiPriceTitleKey({ ...ended, lastAiOrderPaidDaysAgo: 400 })).toBe('aiPrice.title.ended');
  });

  it('"Subscription AI Plans" otherwise', () => {
    expect(aiPriceTitleKey({ ...ended, lastAiOrderPaidDaysAgo: 29 })).toBe('aiPrice.title.plans');
    expect(aiPriceTitleKey({ ...ended, notAiOrders: 1 })).toBe('aiPrice.title.plans');
    expect(aiPriceTitleKey({ ...ended, isNewUser: true })).toBe('aiPrice.title.plans');
    // never paid an AI order: nothing ended
    expect(aiPriceTitleKey({ ...ended, lastAiOrderPaidDaysAgo: null })).toBe('aiPrice.title.plans');
  });

  it('reads its props defensively', () => {
    expect(idProp(4)).toBe(4);
    for (const bad of [0, -1, 1.5, '4', null, undefined]) expect(idProp(bad)).toBeNull();
    expect(notifyReasonProp('ai_pages')).toBe('ai_pages');
    expect(notifyReasonProp('upgrade')).toBe('upgrade');
    expect(notifyReasonProp('gift')).toBe('pages');
    expect(notifyReasonProp(undefined)).toBe('pages');
  });
});
