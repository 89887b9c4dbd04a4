import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate, useRoutes, type NavigateFunction } from 'react-router';
import { RouteError } from './RouteError.tsx';
import { routes } from './routes.tsx';

type BoundaryProps = { location: string; children: ReactNode };
type BoundaryState = { error: unknown; location: string };

/**
 * What the data router's root `errorElement` did: a page that fails to render shows RouteError instead of a
 * blank page; moving to another address tries again.
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}

/**
 * The site's routes under the browser router (the declarative router: the data router's loaders and actions
 * are not used, and its code would be a fifth of the first load). `onNavigate` hands the router's navigate
 * to the code outside React (the modal controller).
 */
export function AppRoutes({ onNavigate }: { onNavigate: (navigate: NavigateFunction | null) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate(navigate);
    return () => {
      onNavigate(null);
    };
  }, [navigate, onNavigate]);
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location.pathname + location.search}>{element}</RouteErrorBoundary>;
}
