import type { RouteObject } from 'react-router';
import { PortalForgotPage } from './PortalForgotPage.tsx';
import { PortalLoginPage } from './PortalLoginPage.tsx';
import { PortalRegistrationPage } from './PortalRegistrationPage.tsx';
import { PortalResetPage } from './PortalResetPage.tsx';

/** The activity-report portal's pages (commerce-and-cabinet.md §2); each keeps the page's query. */
export const portalRoutes: RouteObject[] = [
  { path: '/integrito/login/*', element: <PortalLoginPage /> },
  { path: '/integrito/registration/*', element: <PortalRegistrationPage /> },
  { path: '/integrito/forgot-password/*', element: <PortalForgotPage /> },
  { path: '/integrito/reset-password/*', element: <PortalResetPage /> },
];
