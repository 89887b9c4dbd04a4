import type { Notice } from '@veritext/contracts';

export const NOTICES_QUERY_KEY = ['notices'] as const;

/** Where the owner acts on a request: the pricing page (AI plans for AI pages), in the page's language. */
export function noticeActionPath(notice: Notice, language: string): string {
  const prefix = language === 'es' ? '/es' : '';
  return notice.reason === 'ai_pages' ? `${prefix}/pricing/?ai=` : `${prefix}/pricing/`;
}

/** Who asked: the member's name, or the e-mail address when the name is empty. */
export function senderOf(notice: Notice): string {
  return notice.from.name.trim() === '' ? notice.from.email : notice.from.name.trim();
}
