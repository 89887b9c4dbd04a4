import { describe, expect, it, vi } from 'vitest';
import { readCookie, readGuestCookie, withAiPageSpent } from './guestCookie.ts';

const guest = encodeURIComponent(JSON.stringify({ api: 'guest-token', signupGuest: false }));

describe('guest_data cookie', () => {
  it('reads the api token of a valid cookie', () => {
    const remove = vi.fn();
    expect(readGuestCookie(`a=1; guest_data=${guest}; b=2`, remove)?.api).toBe('guest-token');
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes an invalid cookie', () => {
    const remove = vi.fn();
    expect(readGuestCookie('guest_data=%7B%22nope%22%3A1%7D', remove)).toBeNull();
    expect(readGuestCookie('guest_data=not-json', remove)).toBeNull();
    expect(remove).toHaveBeenCalledTimes(2);
    expect(remove).toHaveBeenCalledWith('guest_data');
  });

  it('returns null without the cookie', () => {
    const remove = vi.fn();
    expect(readGuestCookie('other=1', remove)).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('readCookie matches whole names only', () => {
    expect(readCookie('xguest_data=1; guest_data=2', 'guest_data')).toBe('2');
    expect(readCookie('', 'guest_data')).toBeUndefined();
  });

  it('a guest AI check spends one AI page, never below zero', () => {
    const cookie = { api: 't', balance: { balance: 0, bonus: 1, ai_balance: 1 }, signupGuest: true };
    expect(withAiPageSpent(cookie).balance).toEqual({ balance: 0, bonus: 1, ai_balance: 0 });
    expect(withAiPageSpent(withAiPageSpent(cookie)).balance?.ai_balance).toBe(0);
    expect(withAiPageSpent({ api: 't' })).toEqual({ api: 't' });
  });
});
