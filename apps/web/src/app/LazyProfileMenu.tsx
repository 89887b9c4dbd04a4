import { Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from './lazyComponent.ts';

// The account menu (Radix dropdown and its positioning library) is only for logged-in users: it loads on
// demand, the first time a logged-in header renders.
const ProfileMenuChunk = lazyComponent(async () => (await import('../components/ProfileMenu.tsx')).ProfileMenu);

/** The account menu; the header's account skeleton shows until its chunk has arrived. */
export function ProfileMenu(props: ComponentProps<typeof ProfileMenuChunk>) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="auth-skeleton" role="status" aria-live="polite">
          <span className="skeleton skeleton--button" aria-hidden="true" />
          <span className="visually-hidden">{t('header.loadingAccount')}</span>
        </div>
      }
    >
      <ProfileMenuChunk {...props} />
    </Suspense>
  );
}
