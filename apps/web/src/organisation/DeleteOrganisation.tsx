import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { confirmsDeletion } from './organisationSettings.ts';

/**
 * The danger zone of the organisation settings: Delete organisation, after a dialog that says what happens (members
 * keep individual accounts, their checks become their own private checks, the balance is not transferred, links
 * and invitations stop, a renewing subscription must be cancelled first) and asks for the name to be typed.
 */
export function DeleteOrganisation({ groupId, name }: { groupId: number; name: string }) {
  const { t } = useTranslation();
  const { endpoints, modals } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toErrorText = useErrorText();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => endpoints.deleteGroup(groupId, typed.trim()),
    onSuccess: (answer) => {
      setIsOpen(false);
      void queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_KEY });
      modals.openModal('info', {
        title: t('orgSettings.delete.doneTitle'),
        message: t('orgSettings.delete.done', { name, count: answer.data.members }),
      });
      void navigate('/profile/');
    },
  });
  const matches = confirmsDeletion(typed, name);
  return (
    <section className="card org-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('orgSettings.delete.title')}</h2>
      <p>{t('orgSettings.delete.lead')}</p>
      <Dialog.Root
        open={isOpen}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          setIsOpen(open);
          if (!open) {
            setTyped('');
            remove.reset();
          }
        }}
      >
        <Dialog.Trigger asChild>
          <button type="button" className="button button--danger">
            {t('orgSettings.delete.open')}
          </button>
        </Dialog.Trigger>
        <ModalFrame title={t('orgSettings.delete.dialogTitle', { name })} size="sm">
          <form
            className="org-delete"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (matches && !remove.isPending) remove.mutate();
            }}
          >
            <p>{t('orgSettings.delete.intro')}</p>
            <ul className="org-delete__list">
              <li>{t('orgSettings.delete.members')}</li>
              <li>{t('orgSettings.delete.checks')}</li>
              <li>{t('orgSettings.delete.index')}</li>
              <li>{t('orgSettings.delete.balance')}</li>
              <li>{t('orgSettings.delete.links')}</li>
              <li>{t('orgSettings.delete.subscription')}</li>
            </ul>
            <p className="org-delete__final">{t('orgSettings.delete.final')}</p>
            <div className="field">
              <label htmlFor={`${id}-confirm`} className="field__label">
                {t('orgSettings.delete.typeName', { name })}
              </label>
              <input
                id={`${id}-confirm`}
                className="field__input"
                type="text"
                autoComplete="off"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  if (remove.isError) remove.reset();
                }}
              />
            </div>
            {remove.isError ? (
              <p className="alert alert--error" role="alert">
                {toErrorText(remove.error)}
              </p>
            ) : null}
            <div className="modal__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--ghost" disabled={remove.isPending}>
                  {t('orgSettings.delete.cancel')}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="button button--danger"
                disabled={!matches || remove.isPending}
                aria-busy={remove.isPending}
              >
                {remove.isPending ? <Spinner size="sm" /> : null}
                {remove.isPending ? t('orgSettings.delete.deleting') : t('orgSettings.delete.confirm')}
              </button>
            </div>
          </form>
        </ModalFrame>
      </Dialog.Root>
    </section>
  );
}
