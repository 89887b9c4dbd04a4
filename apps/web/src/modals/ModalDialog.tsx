import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { parseSocialLoginError } from '@veritext/contracts';
import { lazyComponent } from '../app/lazyComponent.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import type { ModalName, ModalProps } from './registry.ts';
import { idProp, notifyReasonProp } from './aiPriceModel.ts';
import { InfoModal } from './InfoModal.tsx';
import { ModalFrame } from './ModalFrame.tsx';
import { MODAL_CHUNKS } from './modalChunks.ts';

// Each modal is a chunk of its own (modalChunks.ts); this one holds the dialog itself (Radix Dialog).
const LoginModal = lazyComponent(async () => (await MODAL_CHUNKS.login()).LoginModal);
const SignupModal = lazyComponent(async () => (await MODAL_CHUNKS.signup()).SignupModal);
const ApiTokenModal = lazyComponent(async () => (await MODAL_CHUNKS.get_api_token()).ApiTokenModal);
const ConfirmModal = lazyComponent(async () => (await MODAL_CHUNKS.confirm()).ConfirmModal);
const ForgotModal = lazyComponent(async () => (await MODAL_CHUNKS.forgot()).ForgotModal);
const ResetPasswordModal = lazyComponent(async () => (await MODAL_CHUNKS.reset()).ResetPasswordModal);
const VerifyEmailModal = lazyComponent(async () => (await MODAL_CHUNKS.verify_email()).VerifyEmailModal);
const ReportModal = lazyComponent(async () => (await MODAL_CHUNKS.report()).ReportModal);
const CartModal = lazyComponent(async () => (await MODAL_CHUNKS.cart()).CartModal);
const PriceModal = lazyComponent(async () => (await MODAL_CHUNKS.price()).PriceModal);
const AiPriceModal = lazyComponent(async () => (await MODAL_CHUNKS.aiprice()).AiPriceModal);
const NotifyModal = lazyComponent(async () => (await MODAL_CHUNKS.notify()).NotifyModal);

export type OpenModal = { name: ModalName; props: ModalProps; key: number };

function stringProp(props: ModalProps, name: string): string | undefined {
  const value = props[name];
  return typeof value === 'string' ? value : undefined;
}

/** What a modal shows until its chunk has arrived. */
function ModalLoading() {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('common.loading')}>
      <LoadingBlock label={t('common.loading')} />
    </ModalFrame>
  );
}

function ModalContent({ open, switchTo }: { open: OpenModal; switchTo: (name: ModalName) => void }) {
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
    case 'price': {
      // an organisation's owner is offered the team packs, unless a tab is named
      const groupId = idProp(open.props['groupId']);
      const tab = open.props['tab'] ?? (groupId === null ? 'individ' : 'business');
      return <PriceModal tab={tab === 'business' ? 'business' : 'individ'} groupId={groupId} />;
    }
    case 'aiprice': {
      const isNew = open.props['isNewUser'];
      return (
        <AiPriceModal
          groupId={idProp(open.props['groupId'])}
          isNewUserProp={typeof isNew === 'boolean' ? isNew : null}
        />
      );
    }
    case 'notify':
      return <NotifyModal groupId={idProp(open.props['groupId'])} reason={notifyReasonProp(open.props['reason'])} />;
  }
}

/**
 * The dialog of the open modal (Radix Dialog), mounted from the first opening on; closing it (Esc, the close
 * button, the overlay) calls onClose.
 */
export function ModalDialog({
  open,
  onClose,
  switchTo,
}: {
  open: OpenModal | null;
  onClose: () => void;
  switchTo: (name: ModalName) => void;
}) {
  return (
    <Dialog.Root
      open={open !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {open === null ? null : (
        <Fragment key={open.key}>
          <Suspense fallback={<ModalLoading />}>
            <ModalContent open={open} switchTo={switchTo} />
          </Suspense>
        </Fragment>
      )}
    </Dialog.Root>
  );
}
