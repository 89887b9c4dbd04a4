import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TWIN_PAGES } from '@veritext/contracts';
import {
  AboutPage,
  AiDetectorPage,
  DevelopersPage,
  GoogleDocsPage,
  HigherEdPage,
  HomePage,
  PricingPage,
} from '../pages/SitePages.tsx';
import { BlogPage, NotFoundPage } from '../pages/OtherPages.tsx';
import { portalRoutes } from '../portal/portalRoutes.tsx';
import { commerceRoutes } from '../commerce/commerceRoutes.tsx';
import { LEGAL_DOCUMENTS, LEGAL_PATHS } from '../legal/legalPaths.ts';
import { Layout } from './Layout.tsx';
import { lazyComponent } from './lazyComponent.ts';
import { RequireLogin } from './RequireLogin.tsx';

// The sales forms' pages (issue 18) load on demand.
const ContactPage = lazyComponent(async () => (await import('../forms/ContactPage.tsx')).ContactPage);
const EducationRequestPage = lazyComponent(
  async () => (await import('../forms/EducationRequestPage.tsx')).EducationRequestPage,
);
const StudentsPage = lazyComponent(async () => (await import('../forms/StudentsPage.tsx')).StudentsPage);
const RequestSuccessfulPage = lazyComponent(
  async () => (await import('../forms/RequestSuccessfulPage.tsx')).RequestSuccessfulPage,
);
// Pages behind the login (and the organisation and admin pages) load on demand: most visitors never open them.
const ProfilePage = lazyComponent(async () => (await import('../pages/ProfilePages.tsx')).ProfilePage);
const NewCheckPage = lazyComponent(async () => (await import('../pages/ProfilePages.tsx')).NewCheckPage);
const MyDocumentsPage = lazyComponent(async () => (await import('../pages/ProfilePages.tsx')).MyDocumentsPage);
const GroupDocumentsPage = lazyComponent(async () => (await import('../pages/ProfilePages.tsx')).GroupDocumentsPage);
const SharedFolderPage = lazyComponent(
  async () => (await import('../documents/SharedFolderPage.tsx')).SharedFolderPage,
);
const MembersPage = lazyComponent(async () => (await import('../members/MembersPage.tsx')).MembersPage);
const StatisticsPage = lazyComponent(async () => (await import('../statistics/StatisticsPage.tsx')).StatisticsPage);
const OrganisationSettingsPage = lazyComponent(
  async () => (await import('../organisation/OrganisationSettingsPage.tsx')).OrganisationSettingsPage,
);
const AdminOrganisationsPage = lazyComponent(
  async () => (await import('../organisation/AdminOrganisationsPage.tsx')).AdminOrganisationsPage,
);
const AdminLeadsPage = lazyComponent(async () => (await import('../admin-leads/AdminLeadsPage.tsx')).AdminLeadsPage);
const AdminFunnelPage = lazyComponent(async () => (await import('../tracking/AdminFunnelPage.tsx')).AdminFunnelPage);
const IntegrationsPage = lazyComponent(
  async () => (await import('../integrations/IntegrationsPage.tsx')).IntegrationsPage,
);
const NoticesPage = lazyComponent(async () => (await import('../notices/NoticesPage.tsx')).NoticesPage);
const ReportPage = lazyComponent(async () => (await import('../report/page/ReportPage.tsx')).ReportPage);
const LegalPage = lazyComponent(async () => (await import('../legal/LegalPage.tsx')).LegalPage);
const ResetPasswordPage = lazyComponent(async () => (await import('../account/ResetPassword.tsx')).ResetPasswordPage);
const BillingPage = lazyComponent(async () => (await import('../billing/BillingPage.tsx')).BillingPage);
const AdminBillingPage = lazyComponent(async () => (await import('../billing/AdminBillingPage.tsx')).AdminBillingPage);
// A report shared by e-mail: public (the link's token is the credential), read without an account.
const SharedReportPage = lazyComponent(
  async () => (await import('../report/share/SharedReportPage.tsx')).SharedReportPage,
);
// The citation generator (issue 18): public, loads on demand with its own styles and calls.
const CitationGeneratorPage = lazyComponent(
  async () => (await import('../citations/CitationGeneratorPage.tsx')).CitationGeneratorPage,
);
const AdminCollectionsPage = lazyComponent(
  async () => (await import('../pages/AdminCollectionsPage.tsx')).AdminCollectionsPage,
);

/** Every page with an English and a Spanish twin; `satisfies` keeps this list equal to the spec's. */
const TWIN_PAGE_COMPONENTS = {
  '/': HomePage,
  '/about-us/': AboutPage,
  '/ai-detector/': AiDetectorPage,
  '/contact-us/': ContactPage,
  '/for-developers/': DevelopersPage,
  '/for-education-request/': EducationRequestPage,
  '/for-students/': StudentsPage,
  '/google-docs-add-on/': GoogleDocsPage,
  '/higher-ed/': HigherEdPage,
  '/pricing/': PricingPage,
  '/request-successful/': RequestSuccessfulPage,
} as const satisfies Record<(typeof TWIN_PAGES)[number], ComponentType>;

function twinRoutes(): RouteObject[] {
  return Object.entries(TWIN_PAGE_COMPONENTS).flatMap(([path, Page]) => [
    { path, element: <Page /> },
    { path: path === '/' ? '/es/' : `/es${path}`, element: <Page /> },
  ]);
}

/** The legal documents, each with its /es twin. */
function legalRoutes(): RouteObject[] {
  return LEGAL_DOCUMENTS.flatMap((doc) => [
    { path: LEGAL_PATHS[doc], element: <LegalPage doc={doc} /> },
    { path: `/es${LEGAL_PATHS[doc]}`, element: <LegalPage doc={doc} /> },
  ]);
}

function withLogin(Page: ComponentType): React.JSX.Element {
  return (
    <RequireLogin>
      <Page />
    </RequireLogin>
  );
}

export const routes: RouteObject[] = [
  {
    // A page that fails to render shows RouteError (AppRoutes' boundary, around every route).
    element: <Layout />,
    children: [
      ...twinRoutes(),
      ...legalRoutes(),
      { path: '/profile/', element: withLogin(ProfilePage) },
      { path: '/profile/new-check', element: withLogin(NewCheckPage) },
      { path: '/profile/my-documents', element: withLogin(MyDocumentsPage) },
      { path: '/profile/my-documents/group/:groupId', element: withLogin(GroupDocumentsPage) },
      { path: '/profile/my-documents/shared/:token', element: withLogin(SharedFolderPage) },
      { path: '/profile/members/', element: withLogin(MembersPage) },
      { path: '/profile/statistics/', element: withLogin(StatisticsPage) },
      { path: '/profile/notices/', element: withLogin(NoticesPage) },
      // the Similarity report's own address (issue 17), with its Spanish and Norwegian twins
      { path: '/profile/report/:id', element: withLogin(ReportPage) },
      { path: '/es/profile/report/:id', element: withLogin(ReportPage) },
      { path: '/no/profile/report/:id', element: withLogin(ReportPage) },
      { path: '/profile/organisation/', element: withLogin(OrganisationSettingsPage) },
      // learning systems: LTI 1.3 platforms and LMS tokens (issue 19)
      { path: '/profile/integrations/', element: withLogin(IntegrationsPage) },
      // Billing: the cabinet's page has a Spanish twin (the receipt e-mail links there in the buyer's language)
      { path: '/profile/billing/', element: withLogin(BillingPage) },
      { path: '/es/profile/billing/', element: withLogin(BillingPage) },
      { path: '/admin/collections', element: withLogin(AdminCollectionsPage) },
      { path: '/admin/billing', element: withLogin(AdminBillingPage) },
      { path: '/admin/organisations', element: withLogin(AdminOrganisationsPage) },
      { path: '/admin/leads', element: withLogin(AdminLeadsPage) },
      { path: '/admin/funnel', element: withLogin(AdminFunnelPage) },
      { path: '/citation-generator/', element: <CitationGeneratorPage /> },
      { path: '/es/citation-generator/', element: <CitationGeneratorPage /> },
      { path: '/reset-password/', element: <ResetPasswordPage /> },
      { path: '/shared-report/:token', element: <SharedReportPage /> },
      ...commerceRoutes,
      ...portalRoutes,
      { path: '/blog/es/*', element: <BlogPage /> },
      { path: '/blog/*', element: <BlogPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
