import { Fragment, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { parseSocialLoginError } from '@veritext/contracts';
import { lazyComponent } from '../app/lazyComponent.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import type { ModalName, ModalProps } from './registry.ts';
import { ApiTokenModal } from './ApiTokenModal.tsx';
import { InfoModal } from './InfoModal.tsx';
import { LoginModal } from './LoginModal.tsx';
import { SignupModal } from './SignupModal.tsx';
import { ConfirmModal } from '../check/ConfirmModal.tsx';
import { AccountEmailNotices } from '../account/AccountEmailNotices.tsx';
import { ForgotModal } from '../account/ForgotModal.tsx';
import { ResetPasswordModal } from '../account/ResetPasswordModal.tsx';
import { VerifyEmailModal } from '../account/VerifyEmailModal.tsx';
import { InviteLinkOpener } from '../invites/InviteLinkOpener.tsx';
import { ModalFrame } from './ModalFrame.tsx';

// The report and the cart load on demand (chunks of their own): they open after a check or a purchase starts.
const ReportModal = lazyComponent(async () => (await import('../report/ReportModal.tsx')).ReportModal);
const CartModal = lazyComponent(async () => (await import('../commerce/CartModal.tsx')).CartModal);

/** The modals this release renders; the other names of the spec register with their features. */
const HOSTED: readonly ModalName[] = [
  'login',
  'signup',
  'info',
  'get_api_token',
  'report',
  'confirm',
  'forgot',
  'reset',
  'verify_email',
  'cart',
];

type Current = { name: ModalName; props: ModalProps; key: number };

function stringProp(props: ModalProps, name: string): string | undefined {
  const value = props[name];
  return typeof value === 'string' ? value : undefined;
}

/** What a modal that loads on demand shows until its chunk has arrived. */
function ModalLoading() {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('common.loading')}>
      <LoadingBlock label={t('common.loading')} />
    </ModalFrame>
  );
}

/** Renders the open modal (one at a time) and registers the hosted openers with the controller. */
export function ModalHost() {
  const { modals } = useServices();
  const [current, setCurrent] = useState<Current | null>(null);

  useEffect(() => {
    let counter = 0;
    const unregister = HOSTED.map((name) =>
      modals.register(name, (props) => {
        counter += 1;
        setCurrent({ name, props, key: counter });
      }),
    );
    const unregisterCloser = modals.registerCloser(() => {
      setCurrent(null);
    });
    return () => {
      for (const off of unregister) off();
      unregisterCloser();
    };
  }, [modals]);

  const switchTo = (name: ModalName): void => {
    modals.openModal(name);
  };

  function render(open: Current) {
    switch (open.name) {
      case 'login':
        return (
          <LoginModal
            onSwitch={switchTo}
            socialError={parseSocialLoginError(stringProp(open.props, 'socialError') ?? null) ?? undefined}
          />
        );
      case 'signup':
        return (
          <SignupModal
            onSwitch={switchTo}
            initialType={stringProp(open.props, 'accountType') === 'organisation' ? 'organisation' : 'individual'}
            invite={stringProp(open.props, 'invite')}
          />
        );
      case 'info':
        return <InfoModal title={stringProp(open.props, 'title')} message={stringProp(open.props, 'message') ?? ''} />;
      case 'get_api_token':
        return <ApiTokenModal onSwitch={switchTo} />;
      case 'report': {
        const id = open.props['id'];
        return typeof id === 'number' ? <ReportModal id={id} /> : null;
      }
      case 'confirm':
        return <ConfirmModal props={open.props} />;
      case 'forgot':
        return (
          <ForgotModal
            onSwitch={switchTo}
            portal={stringProp(open.props, 'portal') === 'integrito' ? 'integrito' : undefined}
          />
        );
      case 'reset':
        return <ResetPasswordModal code={stringProp(open.props, 'code') ?? null} onSwitch={switchTo} />;
      case 'verify_email':
        return <VerifyEmailModal />;
      case 'cart':
        return <CartModal />;
      // The pricing-slider and notify modals arrive with their issue; until then nothing opens them.
      case 'price':
      case 'aiprice':
      case 'notify':
        return null;
    }
  }

  return (
    <Dialog.Root
      open={current !== null}
      onOpenChange={(open) => {
        if (!open) setCurrent(null);
      }}
    >
      {current === null ? null : (
        <Fragment key={current.key}>
          <Suspense fallback={<ModalLoading />}>{render(current)}</Suspense>
        </Fragment>
      )}
      <AccountEmailNotices />
      <InviteLinkOpener />
    </Dialog.Root>
  );
}
