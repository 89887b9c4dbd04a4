import type { SearchProvider, SearchProviderConfig } from '../types.ts';
import { createBraveProvider } from './brave.ts';
import type { ProviderDeps } from './common.ts';
import { createGoogleProvider } from './google.ts';
import { createSearxngProvider } from './searxng.ts';

export type { ProviderDeps } from './common.ts';

/**
 * The search provider the configuration names (WEB_SEARCH_PROVIDER): each a small adapter over its
 * provider's documented JSON API, failing with SearchProviderError (auth, quota, unavailable, bad_response).
 */
export function createSearchProvider(config: SearchProviderConfig, deps: ProviderDeps = {}): SearchProvider {
  switch (config.name) {
    case 'searxng':
      return createSearxngProvider(config, deps);
    case 'brave':
      return createBraveProvider(config, deps);
    case 'google':
      return createGoogleProvider(config, deps);
  }
}
