import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import type { ModalProps } from '../modals/registry.ts';
import {
  callbackProp,
  confirmTitleKey,
  confirmView,
  parseConfirmData,
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
};

function Offer({ offer, onSignUp }: { offer: ShortfallOffer; onSignUp: (() => void) | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (offer === null) return null;
  if (offer === 'signUp') {
    return (
      <button type="button" className="button button--primary" onClick={onSignUp}>
        {t('confirm.offer.signUp')}
      </button>
    );
  }
  return (
    <Dialog.Close asChild>
      <Link className="button button--primary" to={localisedPath('/pricing/', lang)}>
        {offer === 'buyPages' ? t('confirm.offer.buyPages') : t('confirm.offer.buy')}
      </Link>
    </Dialog.Close>
  );
}

/** The body of the confirm modal (check-tool.md §2): balance, avatar, then the text or file summary. */
export function ConfirmContent({ data, onRun, onRunAllowed, onSignUp }: { data: ConfirmData } & ConfirmActions) {
  const { t } = useTranslation();
  const view = confirmView(data);
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
          <div className="modal__actions confirm__actions">
            {view.isShort ? (
              <>
                <Offer offer={view.offer} onSignUp={onSignUp} />
                {view.allowedPages > 0 ? (
                  <Dialog.Close className="button" onClick={onRunAllowed}>
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
          <div className="modal__actions confirm__actions">
            <Offer offer={view.offer} onSignUp={onSignUp} />
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
  const data = parseConfirmData(props['data']);
  if (data === null) {
    return (
      <ModalFrame title={t('confirm.title.ready')} size="sm">
        <p role="alert">{t('errors.unknown')}</p>
      </ModalFrame>
    );
  }
  return (
    <ModalFrame title={t(confirmTitleKey(data))} size="sm">
      <ConfirmContent
        data={data}
        onRun={callbackProp(props['onRun'])}
        onRunAllowed={callbackProp(props['onRunAllowed'])}
        onSignUp={callbackProp(props['onSignUp'])}
      />
    </ModalFrame>
  );
}
