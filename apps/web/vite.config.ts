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
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
});
