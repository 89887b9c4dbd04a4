import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TWIN_PAGES } from '@veritext/contracts';
import {
  AboutPage,
  AiDetectorPage,
  ContactPage,
  DevelopersPage,
  EducationRequestPage,
  GoogleDocsPage,
  HigherEdPage,
  HomePage,
  PricingPage,
  RequestSuccessfulPage,
  StudentsPage,
} from '../pages/SitePages.tsx';
import { GroupDocumentsPage, MyDocumentsPage, NewCheckPage, ProfilePage } from '../pages/ProfilePages.tsx';
import { BlogPage, CitationPage, NotFoundPage } from '../pages/OtherPages.tsx';
import { portalRoutes } from '../portal/portalRoutes.tsx';
import { AdminCollectionsPage } from '../pages/AdminCollectionsPage.tsx';
import { MembersPage } from '../members/MembersPage.tsx';
import { ResetPasswordPage } from '../account/ResetPassword.tsx';
import { commerceRoutes } from '../commerce/commerceRoutes.tsx';
import { Layout } from './Layout.tsx';
import { RequireLogin } from './RequireLogin.tsx';
import { RouteError } from './RouteError.tsx';

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

function withLogin(Page: ComponentType): React.JSX.Element {
  return (
    <RequireLogin>
      <Page />
    </RequireLogin>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...twinRoutes(),
      { path: '/profile/', element: withLogin(ProfilePage) },
      { path: '/profile/new-check', element: withLogin(NewCheckPage) },
      { path: '/profile/my-documents', element: withLogin(MyDocumentsPage) },
      { path: '/profile/my-documents/group/:groupId', element: withLogin(GroupDocumentsPage) },
      { path: '/profile/members/', element: withLogin(MembersPage) },
      { path: '/admin/collections', element: withLogin(AdminCollectionsPage) },
      { path: '/citation-generator/', element: <CitationPage /> },
      { path: '/reset-password/', element: <ResetPasswordPage /> },
      ...commerceRoutes,
      ...portalRoutes,
      { path: '/blog/es/*', element: <BlogPage /> },
      { path: '/blog/*', element: <BlogPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
