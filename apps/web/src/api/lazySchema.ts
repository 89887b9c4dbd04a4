import type * as Schemas from './schemas.ts';

type SchemaName = keyof typeof Schemas;

/**
 * A loader of one response schema of @veritext/contracts, for the API client (SchemaSource). The schemas
 * (and zod) stay out of the first load: their module is fetched with the first API call that needs one and
 * checks every answer exactly as before.
 */
export function lazySchema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./schemas.ts'))[name];
}
