import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const hasPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';
const integration = ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine (ours and CI's),
    // which leaves a core idle while tests wait on PostgreSQL, the product's process or Chromium.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/cli/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration:pglite',
          include: integration,
          environment: 'node',
          env: { VT_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/pglite-template.ts'],
          setupFiles: ['apps/server/test/no-network.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: 'integration:postgres',
                include: integration,
                environment: 'node' as const,
                env: { VT_TEST_DB: 'postgres' },
                setupFiles: ['apps/server/test/no-network.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
