import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Endpoints } from '../api/endpoints.ts';
import { useServices } from '../app/ServicesContext.tsx';
import type { ModalController } from '../modals/registry.ts';
import { readEmailVerifiedNotice, shouldPromptVerification, withoutEmailVerified } from './accountEmail.ts';

/**
 * After a login: opens the verify_email modal when the logged-in state says the address is not
 * confirmed yet (has_to_verify_email). Failures are left to the session checks.
 */
export async function promptEmailVerification(
  endpoints: Pick<Endpoints, 'loginJson'>,
  modals: Pick<ModalController, 'openModal'>,
): Promise<void> {
  try {
    if (shouldPromptVerification(await endpoints.loginJson())) modals.openModal('verify_email');
  } catch {
    // Nothing to prompt with: the session checks report server failures.
  }
}

/**
 * The result of a followed verification link (`?email_verified=1|0`, left by GET /verify_email/{code}):
 * a success or "link expired" info modal, shown once, then the flag leaves the address. Renders nothing.
 */
export function AccountEmailNotices() {
  const { t } = useTranslation();
  const { modals } = useServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const notice = readEmailVerifiedNotice(search);

  useEffect(() => {
    if (notice === null) return;
    modals.openModal(
      'info',
      notice === 'verified'
        ? { title: t('accountEmail.verified.title'), message: t('accountEmail.verified.message') }
        : { title: t('accountEmail.verified.expiredTitle'), message: t('accountEmail.verified.expired') },
    );
    void navigate({ pathname, search: withoutEmailVerified(search) }, { replace: true });
  }, [notice, modals, navigate, pathname, search, t]);

  return null;
}
