import '../styles/integrations.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { integrationsEndpoints, INTEGRATIONS_QUERY_KEY } from './integrations.ts';
import { LmsTokensSection } from './LmsTokensSection.tsx';
import { LtiPlatformsSection } from './LtiPlatformsSection.tsx';
import { ToolUrls } from './ToolUrls.tsx';

/**
 * /profile/integrations/ (commerce-and-cabinet.md §2 "integrations (learning systems…)", issue 19): the LTI 1.3
 * platforms of the organisations the user owns with the tool's URLs to copy into the platform, and the LMS tokens
 * of the PlagiarismCheck-compatible API.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const errorText = useErrorText();
  const integrations = useQuery({
    queryKey: [INTEGRATIONS_QUERY_KEY],
    queryFn: () => integrationsEndpoints(client).load(),
  });
  return (
    <div className="container page integrations">
      <PageIntro title={t('integrations.title')} lead={t('integrations.lead')} />
      <section className="card integrations__section" aria-labelledby="lti-title">
        <h2 id="lti-title">{t('integrations.lti.title')}</h2>
        <p>{t('integrations.lti.lead')}</p>
        {integrations.isPending ? (
          <LoadingBlock label={t('integrations.loading')} />
        ) : integrations.isError ? (
          <p className="alert alert--error" role="alert">
            {errorText(integrations.error)}
          </p>
        ) : (
          <>
            <h3>{t('integrations.tool.title')}</h3>
            <p className="field__hint">{t('integrations.tool.lead')}</p>
            <ToolUrls urls={integrations.data.lti.tool} />
            <h3>{t('integrations.platforms.title')}</h3>
            <LtiPlatformsSection lti={integrations.data.lti} />
          </>
        )}
      </section>
      <LmsTokensSection />
    </div>
  );
}
