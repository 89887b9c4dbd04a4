import { TWIN_PAGES } from '@veritext/contracts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';

/**
 * Every route pattern that exists in English and, with the /es prefix, in Spanish: the spec's twin pages,
 * the legal documents, the card-payment pages, the cabinet's Billing page and the citation generator. Pages not listed here (the
 * cabinet, the portal, the password reset) have one path in both languages: the stored choice decides.
 * language.test.ts checks this list against the router's route table, both ways.
 */
export const TWIN_ROUTE_PATTERNS: readonly string[] = [
  ...TWIN_PAGES,
  ...Object.values(LEGAL_PATHS),
  '/sandbox-pay/:sessionId',
  '/payment/pending/:orderId',
  '/payment-success/',
  '/payment-success/1',
  '/profile/billing/',
  // the Similarity report's own address (issue 17)
  '/profile/report/:id',
  // the citation generator (issue 18)
  '/citation-generator/',
];

/**
 * The cabinet's pages that also have a /no twin (Norwegian by their address, e.g. a report link sent to a
 * Norwegian reader); every other cabinet page is Norwegian by the stored choice. routeSwitching.test.ts checks
 * this list against the router's /no routes.
 */
export const NORWEGIAN_TWIN_ROUTE_PATTERNS: readonly string[] = ['/profile/report/:id'];
