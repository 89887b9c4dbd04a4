import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { whenCatalogueComplete } from '../i18n/index.ts';

/**
 * A component whose module loads on demand: the bundler puts the module (and whatever only it uses) in a
 * chunk of its own, fetched the first time the component renders, together with the part of the translation
 * catalogue that the first load leaves out (i18n/catalogueParts.ts). The nearest Suspense boundary (the
 * layout's around the page outlet, the modal host's around the open modal) shows the loading indicator
 * meanwhile; on a client-side navigation the router's transition keeps the previous page on screen until
 * the chunk has arrived.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), whenCatalogueComplete()]);
    return { default: component };
  });
}
