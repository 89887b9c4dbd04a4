import { describe, expect, it } from 'vitest';
import {
  confirmData,
  confirmTitleKey,
  confirmView,
  needsPackagesCount,
  parseConfirmData,
  shortfallOffer,
  withPackagesBought,
  type ConfirmAudience,
  type ConfirmData,
} from './confirmModel.ts';
import { sampleUser } from '../test/fixtures.ts';
import { group } from './testGroups.ts';

const audience = (partial: Partial<ConfirmAudience> = {}): ConfirmAudience => ({
  isGuest: false,
  isSubscriber: false,
  isNewUser: false,
  canBuy: true,
  ...partial,
});

const textData = (pagesNeeded: number, balance: number, who: Partial<ConfirmAudience> = {}): ConfirmData => ({
  audience: audience(who),
  aiMode: false,
  balance,
  avatar: '',
  summary: { kind: 'text', pagesNeeded },
  ai: null,
  groupId: null,
});

describe('confirm modal branches (check-tool.md §2)', () => {
  it('titles: sign up for a guest lacking pages, add pages for others, else ready', () => {
    expect(confirmTitleKey(textData(3, 0, { isGuest: true }))).toBe('confirm.title.signUp');
    expect(confirmTitleKey(textData(3, 2))).toBe('confirm.title.addPages');
    expect(confirmTitleKey(textData(2, 2))).toBe('confirm.title.ready');
    expect(confirmTitleKey(textData(1, 1, { isGuest: true }))).toBe('confirm.title.ready');
  });

  it('offers sign-up (guest), notify (a member who does not own the organisation), subscribe now (subscriber or new user), else buy more', () => {
    expect(shortfallOffer(audience({ isGuest: true }))).toBe('signUp');
    expect(shortfallOffer(audience({ isSubscriber: true }))).toBe('subscribe');
    expect(shortfallOffer(audience({ isNewUser: true }))).toBe('subscribe');
    expect(shortfallOffer(audience())).toBe('buy');
    expect(shortfallOffer(audience({ canBuy: false }))).toBe('notify');
    // a member of a subscribed organisation still cannot buy: notify, never subscribe
    expect(shortfallOffer(audience({ canBuy: false, isSubscriber: true }))).toBe('notify');
  });

  it('a user who looks new but bought packs before (packages_bought > 0) is offered Buy more pages', () => {
    const looksNew = textData(3, 0, { isNewUser: true });
    expect(needsPackagesCount(looksNew)).toBe(true);
    expect(confirmView(looksNew)).toMatchObject({ offer: 'subscribe' });
    const pastBuyer = withPackagesBought(looksNew, 2);
    expect(pastBuyer.audience.isNewUser).toBe(false);
    expect(confirmView(pastBuyer)).toMatchObject({ offer: 'buy' });
    expect(withPackagesBought(looksNew, 0)).toBe(looksNew);
    // nothing to wait for: a subscriber, a past buyer already known, a guest, an organisation
    expect(needsPackagesCount(textData(3, 0, { isNewUser: true, isSubscriber: true }))).toBe(false);
    expect(needsPackagesCount(textData(3, 0))).toBe(false);
    expect(needsPackagesCount(textData(3, 0, { isGuest: true, isNewUser: true }))).toBe(false);
    expect(needsPackagesCount({ ...looksNew, groupId: 4 })).toBe(false);
    expect(withPackagesBought({ ...looksNew, groupId: 4 }, 3).audience.isNewUser).toBe(true);
  });

  it('a short text offers the allowed pages, cut to 275 × balance words', () => {
    const view = confirmView(textData(5, 2));
    expect(view).toEqual({
      kind: 'text',
      pagesNeeded: 5,
      balance: 2,
      wordsPerPage: 275,
      isShort: true,
      offer: 'buy',
      allowedPages: 2,
      allowedWords: 550,
    });
    const empty = confirmView(textData(5, 0, { isGuest: true }));
    expect(empty.kind === 'text' && empty.allowedPages).toBe(0);
    expect(empty.kind === 'text' && empty.offer).toBe('signUp');
  });

  it('a covered text offers only Run check', () => {
    const view = confirmView(textData(2, 5));
    expect(view.kind === 'text' && view.isShort).toBe(false);
    expect(view.kind === 'text' && view.offer).toBeNull();
  });

  it('files: totals, Run check disabled at 0 or while loading, offers with an empty balance', () => {
    const files = [
      { name: 'a.docx', pages: 2 },
      { name: 'b.pdf', pages: 3 },
    ];
    const data = (balance: number, loading = false, list = files): ConfirmData => ({
      ...textData(0, balance),
      summary: { kind: 'files', files: list, loading },
    });
    const view = confirmView(data(10));
    expect(view).toMatchObject({ kind: 'files', total: 5, isRunDisabled: false, offer: null });
    expect(confirmView(data(10, true))).toMatchObject({ isRunDisabled: true });
    expect(confirmView(data(10, false, [{ name: 'x', pages: 0 }]))).toMatchObject({ isRunDisabled: true });
    expect(confirmView(data(0))).toMatchObject({ offer: 'buy' });
    expect(confirmTitleKey(data(4))).toBe('confirm.title.addPages');
    expect(confirmTitleKey(data(5))).toBe('confirm.title.ready');
  });

  it('builds the data from an account: group balance, owner may buy, AI pages in AI mode', () => {
    const member = confirmData({
      account: {
        kind: 'group',
        user: sampleUser,
        group: group({ group_balance: { balance: 2, bonus: 1, ai_balance: 7 } }),
      },
      aiMode: false,
      summary: { kind: 'text', pagesNeeded: 4 },
    });
    expect(member.balance).toBe(3);
    expect(member.audience.canBuy).toBe(false);
    expect(member.groupId).toBe(group().id);
    expect(confirmView(member)).toMatchObject({ offer: 'notify' });
    const owner = confirmData({
      account: {
        kind: 'group',
        user: sampleUser,
        group: group({
          current_user_role: 1,
          created_by_user: true,
          group_balance: { balance: 2, bonus: 1, ai_balance: 7 },
        }),
      },
      aiMode: true,
      summary: { kind: 'text', pagesNeeded: 4 },
    });
    expect(owner.balance).toBe(7);
    expect(owner.audience.canBuy).toBe(true);
    const guest = confirmData({
      account: { kind: 'guest', balance: null },
      aiMode: false,
      summary: { kind: 'text', pagesNeeded: 1 },
    });
    expect(guest).toMatchObject({ balance: 0, avatar: '', audience: { isGuest: true }, groupId: null });
  });

  it('shows the AI check chosen with the text: its AI pages and the balance that pays them (issue 13, A4)', () => {
    const account = { kind: 'individual' as const, user: sampleUser, packagesBought: 0 };
    const chosen = confirmData({ account, aiMode: false, summary: { kind: 'text', pagesNeeded: 2 }, aiPages: 1 });
    expect(chosen.ai).toEqual({ pages: 1, balance: sampleUser.balance.ai_balance });
    expect(parseConfirmData(JSON.parse(JSON.stringify(chosen)))).toEqual(chosen);
    expect(confirmData({ account, aiMode: false, summary: { kind: 'text', pagesNeeded: 2 } }).ai).toBeNull();
    expect(parseConfirmData({ ...chosen, ai: { pages: 'one', balance: 2 } })?.ai).toBeNull();
  });

  it('validates what it reads from the modal props', () => {
    const data = textData(3, 1);
    expect(parseConfirmData(JSON.parse(JSON.stringify(data)))).toEqual(data);
    const files: ConfirmData = {
      ...data,
      summary: { kind: 'files', files: [{ name: 'a', pages: 1 }], loading: false },
    };
    expect(parseConfirmData(files)).toEqual(files);
    expect(parseConfirmData(undefined)).toBeNull();
    expect(parseConfirmData({ ...data, balance: '3' })).toBeNull();
    expect(parseConfirmData({ ...data, audience: { isGuest: true } })).toBeNull();
    expect(
      parseConfirmData({ ...data, summary: { kind: 'files', files: [{ name: 1, pages: 1 }], loading: false } }),
    ).toBeNull();
    expect(parseConfirmData({ ...data, summary: { kind: 'other' } })).toBeNull();
    expect(parseConfirmData({ ...data, groupId: 12 })?.groupId).toBe(12);
    expect(parseConfirmData({ ...data, groupId: '12' })?.groupId).toBeNull();
  });
});
