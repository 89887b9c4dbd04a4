import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors.ts';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Veritext</title></head>
<body><main><h1>Veritext</h1><p>The web client has not been built. Run <code>npm run build</code>, or start with <code>npm start</code>, which builds it.</p></main></body></html>`;

/**
 * Serves the built React client: hashed assets cached for good, and index.html for every client
 * route (the client shows its own 404 page). Unknown API-looking paths stay JSON 404s.
 */
export async function registerWebClient(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const isBuilt = existsSync(indexFile);
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy of each text file (apps/web/vite.config.ts): the one the
      // browser accepts is sent (a third of the bytes on a phone's network), else the file itself.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !path.extname(pathname) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.status(404).send(errorBody('not_found'));
    void reply.header('cache-control', 'no-cache');
    if (!isBuilt) return reply.type('text/html').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  });
}
