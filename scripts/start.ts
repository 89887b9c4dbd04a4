/**
 * `npm start`: builds the client if its sources changed, then runs the server (API and workers in
 * one process unless --role says otherwise) on the embedded database, or DATABASE_URL's.
 */
import { ensureWebBuilt } from './web-build.ts';

if (!process.argv.includes('--role=worker')) ensureWebBuilt();
await import('../apps/server/src/main.ts');
