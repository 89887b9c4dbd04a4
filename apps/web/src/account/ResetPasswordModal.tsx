import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { ResetPasswordPanel } from './ResetPassword.tsx';

/** The reset modal (check-tool.md §2): the /reset-password/ flow for a code given as a prop. */
export function ResetPasswordModal({ code, onSwitch }: { code: string | null; onSwitch: (name: 'login') => void }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('accountEmail.reset.title')} size="sm">
      <ResetPasswordPanel
        code={code}
        onLogin={() => {
          onSwitch('login');
        }}
      />
    </ModalFrame>
  );
}
