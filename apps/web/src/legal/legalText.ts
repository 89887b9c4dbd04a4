import type { SiteLanguage } from '@veritext/contracts';
import { GUEST_COOKIE_MAX_AGE_SECONDS, GUEST_RETENTION_DAYS } from '@veritext/contracts';
import { localisedPath, pathInLanguage } from '../language/language.ts';
import { LEGAL_DOCUMENTS, LEGAL_PATHS, type LegalDocumentId } from './legalPaths.ts';

/**
 * A legal document in one language: sections with a stable id (the anchor of the table of contents, the same
 * in both languages), each made of paragraphs and lists. Inline text may hold links written
 * `[label](target)`: a target is a legal document id (`privacy`), a site path (`/profile/`) or `mailto:`.
 * `{supportEmail}`, `{guestCookieDays}` and `{guestRetentionDays}` are filled in when the page renders.
 */
export type LegalBlock = { p: string } | { list: readonly string[] };
export type LegalSection = { id: string; heading: string; blocks: readonly LegalBlock[] };
export type LegalText = { title: string; lead: string; sections: readonly LegalSection[] };
export type LegalDocument = Readonly<Record<SiteLanguage, LegalText>>;

export type LegalFacts = { supportEmail: string };

export function fillFacts(text: string, facts: LegalFacts): string {
  return text
    .replaceAll('{supportEmail}', facts.supportEmail)
    .replaceAll('{guestCookieDays}', String(Math.round(GUEST_COOKIE_MAX_AGE_SECONDS / 86_400)))
    .replaceAll('{guestRetentionDays}', String(GUEST_RETENTION_DAYS));
}

export type InlinePart = { text: string } | { text: string; href: string; isExternal: boolean };

function isLegalId(value: string): value is LegalDocumentId {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

/** Where a link target of the documents leads in the page's language. */
export function linkTarget(target: string, lang: SiteLanguage): { href: string; isExternal: boolean } {
  if (isLegalId(target)) return { href: localisedPath(LEGAL_PATHS[target], lang), isExternal: false };
  if (target.startsWith('mailto:')) return { href: target, isExternal: true };
  if (target.startsWith('/')) return { href: pathInLanguage(target, lang), isExternal: false };
  throw new Error(`legal text: unknown link target ${target}`);
}

/** Splits a line of text into plain parts and links. */
export function parseInline(text: string, lang: SiteLanguage): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push({ text: match[1] ?? '', ...linkTarget(match[2] ?? '', lang) });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
