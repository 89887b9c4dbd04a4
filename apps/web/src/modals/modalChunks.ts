import type { ModalName } from './registry.ts';

/**
 * The chunk of each hosted modal. Every modal loads on demand (none is part of the first screen); the host
 * starts the dialog's and the modal's chunks together when one opens (no waterfall), and a pointer or the
 * keyboard resting on a `data-modal` control starts them earlier (main.tsx).
 */
export const MODAL_CHUNKS = {
  dialog: () => import('./ModalDialog.tsx'),
  login: () => import('./LoginModal.tsx'),
  signup: () => import('./SignupModal.tsx'),
  get_api_token: () => import('./ApiTokenModal.tsx'),
  confirm: () => import('../check/ConfirmModal.tsx'),
  forgot: () => import('../account/ForgotModal.tsx'),
  reset: () => import('../account/ResetPasswordModal.tsx'),
  verify_email: () => import('../account/VerifyEmailModal.tsx'),
  report: () => import('../report/ReportModal.tsx'),
  cart: () => import('../commerce/CartModal.tsx'),
  price: () => import('./PriceModal.tsx'),
  aiprice: () => import('./AiPriceModal.tsx'),
  notify: () => import('./NotifyModal.tsx'),
} as const satisfies Partial<Record<ModalName | 'dialog', () => Promise<unknown>>>;

/** Starts fetching what opening `name` needs; a failure here is left to the render (its error surfaces there). */
export function preloadModal(name: string): void {
  void MODAL_CHUNKS.dialog().catch(() => undefined);
  const chunk = (MODAL_CHUNKS as Partial<Record<string, () => Promise<unknown>>>)[name];
  if (chunk !== undefined) void chunk().catch(() => undefined);
}
