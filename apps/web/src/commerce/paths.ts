import type { SiteLanguage } from '@veritext/contracts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import { localisedPath } from '../language/language.ts';

/** The commerce pages (each also under /es). */
export const SANDBOX_PAY_PATH = '/sandbox-pay/';
export const PAYMENT_PENDING_PATH = '/payment/pending/';
export const PAYMENT_SUCCESS_PATH = '/payment-success/';
export const PAYMENT_SUCCESS_AI_PATH = '/payment-success/1';

/** A server path (a redirect_url, a cancel_url) in the page's language: '/payment-success/' -> '/es/payment-success/'. */
export function inLanguage(path: string, lang: SiteLanguage): string {
  if (lang === 'en' || path === '/es' || path.startsWith('/es/')) return path;
  return localisedPath(path, lang);
}

export function pendingPath(orderId: number, lang: SiteLanguage): string {
  return inLanguage(`${PAYMENT_PENDING_PATH}${String(orderId)}/`, lang);
}

/** Where the success page's button goes: the AI detector after an AI-only purchase, else a new check. */
export function afterPurchasePath(isAi: boolean, lang: SiteLanguage): string {
  return isAi ? localisedPath('/ai-detector/', lang) : NEW_CHECK_PATH;
}
