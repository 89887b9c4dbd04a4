import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose module loads on demand: the bundler puts the module (and whatever only it uses) in a
 * chunk of its own, fetched the first time the component renders. The nearest Suspense boundary (the
 * layout's around the page outlet, the modal host's around the open modal) shows the loading indicator
 * meanwhile; on a client-side navigation the router's transition keeps the previous page on screen until
 * the chunk has arrived.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
