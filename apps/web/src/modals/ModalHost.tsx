import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../app/lazyComponent.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import type { ModalName } from './registry.ts';
import { AccountEmailNotices } from '../account/AccountEmailNotices.tsx';
import { InviteLinkOpener } from '../invites/InviteLinkOpener.tsx';
import { MODAL_CHUNKS, preloadModal } from './modalChunks.ts';
import type { OpenModal } from './ModalDialog.tsx';

// The dialog (Radix Dialog, focus trap, scroll lock) and every modal load on demand: none is part of the
// first screen. Opening one fetches the dialog's chunk and the modal's together.
const ModalDialog = lazyComponent(async () => (await MODAL_CHUNKS.dialog()).ModalDialog);

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
  'price',
  'aiprice',
  'notify',
];

/**
 * The loading indicator of a modal whose dialog has not arrived yet: the same overlay and panel as a
 * modal, without the dialog library (the dialog replaces it, focus and all, as soon as it is there).
 */
function DialogLoading() {
  const { t } = useTranslation();
  return (
    <>
      <div className="modal-overlay" />
      <div className="modal modal--md" role="dialog" aria-modal="true" aria-label={t('common.loading')}>
        <div className="modal__header">
          <h2 className="modal__title">{t('common.loading')}</h2>
        </div>
        <div className="modal__body">
          <LoadingBlock label={t('common.loading')} />
        </div>
      </div>
    </>
  );
}

/** Renders the open modal (one at a time) and registers the hosted openers with the controller. */
export function ModalHost() {
  const { modals } = useServices();
  const [current, setCurrent] = useState<OpenModal | null>(null);
  // The dialog stays mounted once a modal has opened (as the always-mounted dialog did before it loaded on demand).
  const [hasOpened, setHasOpened] = useState(false);
  // What had focus when the first of a run of modals opened: focus goes back to it when they close (Radix
  // gives it back to a Dialog.Trigger only; these modals open from anywhere, through the controller).
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);

  useEffect(() => {
    let counter = 0;
    const unregister = HOSTED.map((name) =>
      modals.register(name, (props) => {
        counter += 1;
        if (!isOpen.current) {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
        }
        isOpen.current = true;
        preloadModal(name);
        setHasOpened(true);
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

  useEffect(() => {
    if (current !== null) return;
    isOpen.current = false;
    const element = opener.current;
    opener.current = null;
    if (element === null) return;
    // once Radix has unmounted the dialog; never over a focus that moved on (a page's heading after navigating)
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (element.isConnected && (active === null || active === document.body)) element.focus();
    }, 0);
    return () => {
      window.clearTimeout(timer);
    };
  }, [current]);

  const switchTo = (name: ModalName): void => {
    modals.openModal(name);
  };

  return (
    <>
      {hasOpened ? (
        <Suspense fallback={current === null ? null : <DialogLoading />}>
          <ModalDialog
            open={current}
            onClose={() => {
              setCurrent(null);
            }}
            switchTo={switchTo}
          />
        </Suspense>
      ) : null}
      <AccountEmailNotices />
      <InviteLinkOpener />
    </>
  );
}
