import { useTranslation } from 'react-i18next';
import { CollectionsAdmin } from '../admin/CollectionsAdmin.tsx';
import { PageIntro } from '../components/PageIntro.tsx';

/** /admin/collections: the reference collections the reuse engine searches, for site administrators. */
export function AdminCollectionsPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('admin.collections.title')} lead={t('admin.collections.lead')} />
      <CollectionsAdmin />
    </div>
  );
}
