import type { RouteObject } from 'react-router';
import { RequireLogin } from '../app/RequireLogin.tsx';
import { PaymentPendingPage } from './PaymentPendingPage.tsx';
import { PaymentSuccessPage } from './PaymentSuccessPage.tsx';
import { SandboxPayPage } from './SandboxPayPage.tsx';

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
