import type { RouteObject } from 'react-router';
import { lazyComponent } from '../app/lazyComponent.ts';

// The portal's pages load on demand (a chunk of their own), like the other pages most visitors never open.
const PortalLoginPage = lazyComponent(async () => (await import('./PortalLoginPage.tsx')).PortalLoginPage);
const PortalRegistrationPage = lazyComponent(
  async () => (await import('./PortalRegistrationPage.tsx')).PortalRegistrationPage,
);
const PortalForgotPage = lazyComponent(async () => (await import('./PortalForgotPage.tsx')).PortalForgotPage);
const PortalResetPage = lazyComponent(async () => (await import('./PortalResetPage.tsx')).PortalResetPage);

/** The activity-report portal's pages (commerce-and-cabinet.md §2); each keeps the page's query. */
export const portalRoutes: RouteObject[] = [
  { path: '/integrito/login/*', element: <PortalLoginPage /> },
  { path: '/integrito/registration/*', element: <PortalRegistrationPage /> },
  { path: '/integrito/forgot-password/*', element: <PortalForgotPage /> },
  { path: '/integrito/reset-password/*', element: <PortalResetPage /> },
];
