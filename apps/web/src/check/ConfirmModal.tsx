import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { subscriptionsPath } from '../commerce/subscriptions.ts';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import type { ModalProps } from '../modals/registry.ts';
import { funnelStep } from '../tracking/funnel.ts';
import {
  callbackProp,
  confirmTitleKey,
  confirmView,
  needsPackagesCount,
  parseConfirmData,
  withPackagesBought,
  type ConfirmData,
  type ShortfallOffer,
} from './confirmModel.ts';

export type ConfirmActions = {
  /** Sends the whole text, or every uploadable file. */
  onRun?: (() => void) | undefined;
  /** Sends the text cut to the pages the balance allows. */
  onRunAllowed?: (() => void) | undefined;
  /** Keeps the pending check and opens the sign-up modal. */
  onSignUp?: (() => void) | undefined;
  /** Opens the add-more-pages modal (the AI packages modal in AI mode). */
  onBuyMore?: (() => void) | undefined;
  /** Opens the notify modal: a member asks the organisation's owner for pages. */
  onNotify?: (() => void) | undefined;
  /** The offer waits on the packages count (a new user or a past buyer). */
  isCheckingOffer?: boolean | undefined;
};

function Offer({ offer, aiMode, actions }: { offer: ShortfallOffer; aiMode: boolean; actions: ConfirmActions }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (offer === null) return null;
  if (actions.isCheckingOffer === true) {
    return (
      <button type="button" className="button button--primary" disabled aria-busy="true">
        <Spinner size="sm" />
        {t('common.loading')}
      </button>
    );
  }
  switch (offer) {
    case 'signUp':
      return (
        <button type="button" className="button button--primary" onClick={actions.onSignUp}>
          {t('confirm.offer.signUp')}
        </button>
      );
    case 'subscribe':
      return (
        <Dialog.Close asChild>
          <Link className="button button--primary" to={subscriptionsPath(lang, aiMode ? '?ai=' : '')}>
            {t('confirm.offer.subscribe')}
          </Link>
        </Dialog.Close>
      );
    case 'buy':
      return (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            funnelStep('buy-more-pages');
            actions.onBuyMore?.();
          }}
        >
          {t('confirm.offer.buy')}
        </button>
      );
    case 'notify':
      return (
        <button type="button" className="button button--primary" onClick={actions.onNotify}>
          {t('notify.send')}
        </button>
      );
  }
}

/** The organisation lacks pages and the member cannot buy: the "contact your Administrator" message (§8). */
function MemberNotice({ aiMode }: { aiMode: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="alert alert--info confirm__member" data-testid="confirm-member">
      <p>{t(aiMode ? 'notify.message.ai_pages' : 'notify.message.pages')}</p>
      <p>
        <Trans i18nKey="notify.contact" components={{ here: <Link to={localisedPath('/contact-us/', lang)} /> }} />
      </p>
    </div>
  );
}

/** The body of the confirm modal (check-tool.md §2): balance, avatar, then the text or file summary. */
export function ConfirmContent({ data, ...actions }: { data: ConfirmData } & ConfirmActions) {
  const { t } = useTranslation();
  const { onRun, onRunAllowed } = actions;
  const view = confirmView(data);
  // the funnel (check-tool.md §7): the modal tells of a shortfall, "no balance" when nothing is left
  const isShort = view.kind === 'text' ? view.isShort : view.balance <= 0;
  const shortfall = !isShort ? null : data.balance <= 0 ? 'no-balance' : 'need-more-pages';
  useEffect(() => {
    if (shortfall !== null) funnelStep(shortfall);
  }, [shortfall]);
  const balanceText = data.aiMode
    ? t('confirm.aiBalance', { count: data.balance })
    : t('confirm.balance', { count: data.balance });

  return (
    <div className="confirm">
      <div className="confirm__account">
        {data.avatar === '' ? (
          <span className="avatar" aria-hidden="true" />
        ) : (
          <img className="confirm__avatar" src={data.avatar} alt={t('confirm.avatarAlt')} width={40} height={40} />
        )}
        <p className="confirm__balance">{balanceText}</p>
      </div>
      {data.ai === null || data.ai === undefined ? null : (
        <dl className="confirm__summary confirm__ai" data-testid="confirm-ai">
          <div>
            <dt>{t('confirm.aiPagesNeeded')}</dt>
            <dd>{data.ai.pages}</dd>
          </div>
          <div>
            <dt>{t('check.withAi.label')}</dt>
            <dd>{t('confirm.aiBalance', { count: data.ai.balance })}</dd>
          </div>
        </dl>
      )}
      {view.kind === 'text' ? (
        <>
          <dl className="confirm__summary">
            <div>
              <dt>{t('confirm.text.pagesNeeded')}</dt>
              <dd>{view.pagesNeeded}</dd>
            </div>
            <div>
              <dt>{t('confirm.text.balance')}</dt>
              <dd>{view.balance}</dd>
            </div>
            <div>
              <dt>{t('confirm.text.wordsPerPage')}</dt>
              <dd>{view.wordsPerPage}</dd>
            </div>
          </dl>
          {view.offer === 'notify' ? <MemberNotice aiMode={data.aiMode} /> : null}
          <div className="modal__actions confirm__actions">
            {view.isShort ? (
              <>
                <Offer offer={view.offer} aiMode={data.aiMode} actions={actions} />
                {view.allowedPages > 0 ? (
                  <Dialog.Close
                    className="button"
                    onClick={() => {
                      // a guest's partial send is the "check 1 free page" button
                      if (data.audience.isGuest) funnelStep('check-free-page');
                      onRunAllowed?.();
                    }}
                  >
                    {t('confirm.runAllowed', { count: view.allowedPages })}
                  </Dialog.Close>
                ) : null}
              </>
            ) : (
              <Dialog.Close className="button button--primary" onClick={onRun}>
                {t('confirm.run')}
              </Dialog.Close>
            )}
          </div>
        </>
      ) : (
        <>
          <table className="confirm__files">
            <caption className="visually-hidden">{t('confirm.files.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('confirm.files.name')}</th>
                <th scope="col">{t('confirm.files.pages')}</th>
              </tr>
            </thead>
            <tbody>
              {view.files.map((file, index) => (
                <tr key={`${String(index)}-${file.name}`}>
                  <td className="confirm__file-name">{file.name}</td>
                  <td>{file.pages}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('confirm.files.total')}</th>
                <td>{view.total}</td>
              </tr>
            </tfoot>
          </table>
          {view.offer === 'notify' ? <MemberNotice aiMode={data.aiMode} /> : null}
          <div className="modal__actions confirm__actions">
            <Offer offer={view.offer} aiMode={data.aiMode} actions={actions} />
            <Dialog.Close className="button button--primary" disabled={view.isRunDisabled} onClick={onRun}>
              {t('confirm.run')}
            </Dialog.Close>
          </div>
        </>
      )}
    </div>
  );
}

/** The 'confirm' modal. Its decision data and callbacks arrive through the modal props, validated here. */
export function ConfirmModal({ props }: { props: ModalProps }) {
  const { t } = useTranslation();
  const { endpoints, modals } = useServices();
  const parsed = parseConfirmData(props['data']);
  // A user who looks new may have bought packs before (packages_bought): then "Buy more pages", not "Subscribe now".
  const needsCount = parsed !== null && needsPackagesCount(parsed);
  const purchases = useQuery({
    queryKey: ['credentials', 'purchases'],
    queryFn: () => endpoints.credentials(),
    enabled: needsCount,
    staleTime: 0,
  });
  if (parsed === null) {
    return (
      <ModalFrame title={t('confirm.title.ready')} size="sm">
        <p role="alert">{t('errors.unknown')}</p>
      </ModalFrame>
    );
  }
  const data = purchases.data === undefined ? parsed : withPackagesBought(parsed, purchases.data.packages_bought);
  const groupProps = data.groupId == null ? {} : { groupId: data.groupId };
  return (
    <ModalFrame title={t(confirmTitleKey(data))} size="sm">
      <ConfirmContent
        data={data}
        onRun={callbackProp(props['onRun'])}
        onRunAllowed={callbackProp(props['onRunAllowed'])}
        onSignUp={callbackProp(props['onSignUp'])}
        onBuyMore={() => {
          // "Buy more pages" is offered to a past buyer: not a new user (the AI packages modal's title rule)
          if (data.aiMode) modals.openModal('aiprice', { ...groupProps, isNewUser: data.audience.isNewUser });
          else modals.openModal('price', groupProps);
        }}
        onNotify={() => {
          if (data.groupId != null) {
            modals.openModal('notify', { groupId: data.groupId, reason: data.aiMode ? 'ai_pages' : 'pages' });
          }
        }}
        isCheckingOffer={needsCount && purchases.isPending}
      />
    </ModalFrame>
  );
}
