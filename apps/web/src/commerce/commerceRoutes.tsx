import type { RouteObject } from 'react-router';
import { lazyComponent } from '../app/lazyComponent.ts';
import { RequireLogin } from '../app/RequireLogin.tsx';

// The payment pages load on demand (a chunk of their own): only a buyer on the way to or from a payment opens them.
const SandboxPayPage = lazyComponent(async () => (await import('./SandboxPayPage.tsx')).SandboxPayPage);
const PaymentPendingPage = lazyComponent(async () => (await import('./PaymentPendingPage.tsx')).PaymentPendingPage);
const PaymentSuccessPage = lazyComponent(async () => (await import('./PaymentSuccessPage.tsx')).PaymentSuccessPage);

/** The card-payment pages, each with its /es twin. */
const pages: RouteObject[] = [
  { path: '/sandbox-pay/:sessionId', element: <SandboxPayPage /> },
  {
    path: '/payment/pending/:orderId',
    element: (
      <RequireLogin>
        <PaymentPendingPage />
      </RequireLogin>
    ),
  },
  {
    path: '/payment-success/',
    element: (
      <RequireLogin>
        <PaymentSuccessPage isAi={false} />
      </RequireLogin>
    ),
  },
  {
    path: '/payment-success/1',
    element: (
      <RequireLogin>
        <PaymentSuccessPage isAi />
      </RequireLogin>
    ),
  },
];

export const commerceRoutes: RouteObject[] = pages.flatMap((route) => [
  route,
  { ...route, path: `/es${route.path ?? ''}` },
]);
