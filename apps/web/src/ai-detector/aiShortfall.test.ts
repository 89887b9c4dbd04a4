import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { group } from '../check/testGroups.ts';
import { sampleUser } from '../test/fixtures.ts';
import { aiRefusal, aiShortfall } from './aiShortfall.ts';

const empty = { balance: 0, bonus: 1, ai_balance: 0 };

describe('the AI detector out of AI pages (check-tool.md §8, AI codes 1 and 2)', () => {
  it('tells code 1 (no AI pages) and code 2 (upgrade) from other refusals', () => {
    expect(aiRefusal(new ApiError('No AI pages', { status: 402, code: 'insufficient_ai_balance' }))).toBe('noAiPages');
    expect(aiRefusal(new ApiError('Upgrade', { status: 402, code: 'subscription_upgrade_required' }))).toBe('upgrade');
    expect(aiRefusal(new ApiError('Ended', { status: 402, code: 'subscription_ended' }))).toBe('upgrade');
    expect(aiRefusal(new ApiError('Too long', { status: 400, code: 'ai_text_too_long' }))).toBe('other');
    expect(aiRefusal(new Error('network'))).toBe('other');
  });

  it('code 1: a guest signs up, a new user or a subscriber goes to the AI plans, a past buyer gets the AI packages modal', () => {
    expect(aiShortfall({ kind: 'visitor' })).toEqual({ kind: 'signUp' });
    expect(aiShortfall({ kind: 'guest', balance: null })).toEqual({ kind: 'signUp' });
    const fresh = { ...sampleUser, balance: empty };
    expect(aiShortfall({ kind: 'individual', user: fresh, packagesBought: 0 })).toEqual({ kind: 'pricing' });
    expect(aiShortfall({ kind: 'individual', user: { ...fresh, balance_type: 3 }, packagesBought: 4 })).toEqual({
      kind: 'pricing',
    });
    expect(aiShortfall({ kind: 'individual', user: fresh, packagesBought: 2 })).toEqual({
      kind: 'aiprice',
      groupId: null,
    });
  });

  it('code 1 in an organisation: its owner gets the AI packages modal for it, other members the alert and notify', () => {
    const owner = group({
      id: 8,
      current_user_role: 1,
      created_by_user: true,
      group_balance: { ...empty, balance: 40 },
    });
    expect(aiShortfall({ kind: 'group', user: sampleUser, group: owner })).toEqual({ kind: 'aiprice', groupId: 8 });
    const member = group({ id: 8, current_user_role: 3 });
    expect(aiShortfall({ kind: 'group', user: sampleUser, group: member })).toEqual({ kind: 'notify', groupId: 8 });
    // a member of a subscribed organisation cannot buy either
    expect(aiShortfall({ kind: 'group', user: sampleUser, group: { ...member, balance_type: 3 } })).toEqual({
      kind: 'notify',
      groupId: 8,
    });
  });
});
