import { GUEST_COOKIE_NAME, parseGuestCookie, type GuestCookie } from '@veritext/contracts';

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
