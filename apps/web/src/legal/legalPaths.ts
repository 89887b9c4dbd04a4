/** The four legal documents and their paths; each also exists under /es (localisedPath). */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'refund', 'cancellation'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_PATHS: Readonly<Record<LegalDocumentId, string>> = {
  terms: '/terms/',
  privacy: '/privacy/',
  refund: '/money-back-guarantee/',
  cancellation: '/cancellation-policy/',
};

/** The date every document states as its last update (ISO). Change it with the texts. */
export const LEGAL_LAST_UPDATED = '2026-11-26';

/** The i18n key of each document's name (links in the footer, the cart and the documents themselves). */
export const LEGAL_NAME_KEYS = {
  terms: 'legal.names.terms',
  privacy: 'legal.names.privacy',
  refund: 'legal.names.refund',
  cancellation: 'legal.names.cancellation',
} as const satisfies Record<LegalDocumentId, string>;
