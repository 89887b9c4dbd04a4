import { describe, expect, it } from 'vitest';
import type { CredentialsUser } from '@veritext/contracts';
import { sampleUser } from '../test/fixtures.ts';
import {
  GUEST_CHECK_WORDS,
  accountFor,
  decideFileSend,
  decideTextSend,
  documentsPath,
  isGroupLocked,
  isNewUser,
  type Account,
  type CheckGroup,
} from './account.ts';
import { group } from './testGroups.ts';

const user = (partial: Partial<CredentialsUser> = {}): CredentialsUser => ({ ...sampleUser, ...partial });
const guest = (bonus: number, ai = 0): Account => ({ kind: 'guest', balance: { balance: 0, bonus, ai_balance: ai } });
const inGroup = (partial: Partial<CheckGroup>): Account => ({ kind: 'group', user: user(), group: group(partial) });

describe('send or confirm (check-tool.md §4)', () => {
  it('a guest with a free page sends at once, cut to the first 275 words', () => {
    expect(decideTextSend({ account: guest(1), pages: 4, aiMode: false })).toEqual({
      kind: 'send',
      cutWords: GUEST_CHECK_WORDS,
    });
    expect(GUEST_CHECK_WORDS).toBe(275);
  });

  it('a guest without pages (or without a known balance) confirms', () => {
    expect(decideTextSend({ account: guest(0), pages: 1, aiMode: false })).toEqual({ kind: 'confirm' });
    expect(decideTextSend({ account: { kind: 'guest', balance: null }, pages: 1, aiMode: false }).kind).toBe('confirm');
    expect(decideTextSend({ account: { kind: 'visitor' }, pages: 1, aiMode: false }).kind).toBe('confirm');
  });

  it('a guest in AI mode pays with AI pages', () => {
    expect(decideTextSend({ account: guest(1, 0), pages: 1, aiMode: true }).kind).toBe('confirm');
    expect(decideTextSend({ account: guest(0, 1), pages: 1, aiMode: true }).kind).toBe('send');
  });

  it('an individual always confirms, even with plenty of pages', () => {
    const account: Account = {
      kind: 'individual',
      user: user({ balance: { balance: 500, bonus: 1, ai_balance: 0 } }),
      packagesBought: 3,
    };
    expect(decideTextSend({ account, pages: 1, aiMode: false })).toEqual({ kind: 'confirm' });
  });

  it('group type 2 (per user) sends at once whatever the balance', () => {
    const account = inGroup({ balance_type: 2, group_balance: { balance: 0, bonus: 0, ai_balance: 0 } });
    expect(decideTextSend({ account, pages: 50, aiMode: false })).toEqual({ kind: 'send', cutWords: null });
  });

  it('group types 1 and 3 send when the group balance covers the pages, else confirm', () => {
    for (const type of [1, 3]) {
      const account = inGroup({ balance_type: type, group_balance: { balance: 3, bonus: 2, ai_balance: 0 } });
      expect(decideTextSend({ account, pages: 5, aiMode: false })).toEqual({ kind: 'send', cutWords: null });
      expect(decideTextSend({ account, pages: 6, aiMode: false })).toEqual({ kind: 'confirm' });
    }
  });

  it('a student of a group that hides new checks is locked', () => {
    const locked = inGroup({ hide_new_check_for_student: true, current_user_role: 3, balance_type: 2 });
    expect(decideTextSend({ account: locked, pages: 1, aiMode: false })).toEqual({ kind: 'locked' });
    expect(isGroupLocked(group({ hide_new_check_for_student: true, current_user_role: 1 }))).toBe(false);
    expect(isGroupLocked(group({ hide_new_check_for_student: false, current_user_role: 3 }))).toBe(false);
    expect(isGroupLocked(null)).toBe(false);
  });

  it('files are not cut: a guest sends at once only when the balance covers every page', () => {
    expect(decideFileSend({ account: guest(1), pages: 1, aiMode: false })).toEqual({ kind: 'send', cutWords: null });
    expect(decideFileSend({ account: guest(1), pages: 2, aiMode: false })).toEqual({ kind: 'confirm' });
    expect(decideFileSend({ account: guest(1), pages: 0, aiMode: false })).toEqual({ kind: 'confirm' });
    expect(decideFileSend({ account: inGroup({ balance_type: 2 }), pages: 9, aiMode: false }).kind).toBe('send');
  });
});

describe('accounts', () => {
  it('tells a visitor, a guest, an individual and a group member apart', () => {
    const base = { profile: null, isLoggedIn: false, hasGuestToken: false, guestBalance: null, group: null };
    expect(accountFor(base)).toEqual({ kind: 'visitor' });
    const balance = { balance: 0, bonus: 1, ai_balance: 1 };
    expect(accountFor({ ...base, hasGuestToken: true, guestBalance: balance })).toEqual({ kind: 'guest', balance });
    expect(accountFor({ ...base, isLoggedIn: true, profile: user() }).kind).toBe('individual');
    expect(accountFor({ ...base, isLoggedIn: true, profile: user(), group: group() }).kind).toBe('group');
    expect(accountFor({ ...base, isLoggedIn: true, profile: user({ is_guest: true }), hasGuestToken: true }).kind).toBe(
      'guest',
    );
  });

  it('knows a new user', () => {
    const fresh = user({ balance: { balance: 0, bonus: 1, ai_balance: 0 }, balance_type: 1 });
    expect(isNewUser({ kind: 'individual', user: fresh, packagesBought: 0 })).toBe(true);
    expect(isNewUser({ kind: 'individual', user: fresh, packagesBought: 1 })).toBe(false);
    expect(isNewUser({ kind: 'individual', user: { ...fresh, balance_type: 3 }, packagesBought: 0 })).toBe(false);
    expect(
      isNewUser({
        kind: 'individual',
        user: { ...fresh, balance: { balance: 2, bonus: 0, ai_balance: 0 } },
        packagesBought: 0,
      }),
    ).toBe(false);
    const owner = { current_user_role: 1, group_balance: { balance: 0, bonus: 5, ai_balance: 0 } };
    expect(isNewUser(inGroup(owner))).toBe(true);
    expect(isNewUser(inGroup({ ...owner, current_user_role: 3 }))).toBe(false);
    expect(isNewUser(guest(1))).toBe(false);
  });

  it('sends a registered user to My Documents, or the group documents', () => {
    expect(documentsPath(null)).toBe('/profile/my-documents');
    expect(documentsPath(12)).toBe('/profile/my-documents/group/12');
  });
});
