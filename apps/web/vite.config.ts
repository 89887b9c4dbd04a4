import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Server paths the dev server forwards to the API (everything else is the single-page client). */
const SERVER_PATHS = [
  '/api',
  '/login_json',
  '/login_check',
  '/logout',
  '/registration',
  '/profile/get_credentials',
  '/csrf_tokens',
  '/guest',
  '/altcha',
  '/health',
  '/avatar',
  '/metrics',
];

const API_TARGET = process.env['VERITEXT_API_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The first-load chunk is mostly libraries (react-dom, zod, react-router, i18next, both i18n files);
    // the pages and modals most visitors never open load on demand (app/lazyComponent.ts).
    chunkSizeWarningLimit: 850,
    rolldownOptions: {
      output: {
        // Everything the entry loads statically stays in the one entry chunk: without this group Rolldown
        // splits the modules shared with the on-demand chunks into a dozen modulepreloaded chunks.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
});
