import { GUEST_COOKIE_MAX_AGE_SECONDS, GUEST_COOKIE_NAME, type GuestCookie } from '@veritext/contracts';
// The contracts' parseGuestCookie without zod (zod is not part of the first load).
import { parseGuestCookie } from '../api/lightParsers.ts';

/** The raw (decoded) value of one cookie in a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The guest's data from the guest_data cookie. The cookie is valid only when it parses to an object with
 * an `api` field; an invalid one is deleted (check-tool.md §3).
 */
export function readGuestCookie(cookieString: string, deleteCookie: (name: string) => void): GuestCookie | null {
  const raw = readCookie(cookieString, GUEST_COOKIE_NAME);
  if (raw === undefined) return null;
  const parsed = parseGuestCookie(raw);
  if (parsed === null) deleteCookie(GUEST_COOKIE_NAME);
  return parsed;
}

export function deleteBrowserCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Strict`;
}

/** The guest's data after an AI check: one AI page fewer, never below zero (check-tool.md §4). */
export function withAiPageSpent(cookie: GuestCookie): GuestCookie {
  if (cookie.balance === undefined) return cookie;
  return { ...cookie, balance: { ...cookie.balance, ai_balance: Math.max(0, cookie.balance.ai_balance - 1) } };
}

/** The guest's data after a text check: one bonus page fewer, never below zero (check-tool.md §4). */
export function withTextPageSpent(cookie: GuestCookie): GuestCookie {
  if (cookie.balance === undefined) return cookie;
  return { ...cookie, balance: { ...cookie.balance, bonus: Math.max(0, cookie.balance.bonus - 1) } };
}

function rewriteGuestCookie(change: (cookie: GuestCookie) => GuestCookie): void {
  const cookie = readGuestCookie(document.cookie, deleteBrowserCookie);
  if (cookie === null) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = encodeURIComponent(JSON.stringify(change(cookie)));
  document.cookie = `${GUEST_COOKIE_NAME}=${value}; Max-Age=${String(GUEST_COOKIE_MAX_AGE_SECONDS)}; path=/; SameSite=Strict${secure}`;
}

/** Lowers the guest cookie's AI balance after a guest's AI check was accepted. */
export function spendGuestAiPage(): void {
  rewriteGuestCookie(withAiPageSpent);
}

/** Lowers the guest cookie's bonus after a guest's text check was accepted. */
export function spendGuestTextPage(): void {
  rewriteGuestCookie(withTextPageSpent);
}

/** The guest's balance from the guest_data cookie, or null when unknown. */
export function readGuestBalance(): GuestCookie['balance'] | null {
  return readGuestCookie(document.cookie, deleteBrowserCookie)?.balance ?? null;
}
