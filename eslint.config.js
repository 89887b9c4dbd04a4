import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a layer may not make (DESIGN.md §1: dependencies run one way). */
const boundaries = [
  {
    files: ['packages/**/*.ts'],
    message: 'Packages (engines, contracts, text) are pure libraries: they never import the apps.',
    patterns: ['@veritext/server', '@veritext/web', '**/apps/**'],
  },
  {
    files: ['packages/text/**/*.ts'],
    message: 'packages/text depends on nothing of ours.',
    patterns: ['@veritext/contracts', '@veritext/reuse', '@veritext/ai', '@veritext/extract'],
  },
  {
    files: ['packages/reuse/**/*.ts'],
    message: 'Engines depend on packages/text only (DESIGN.md §1).',
    patterns: ['@veritext/contracts', '@veritext/ai', '@veritext/extract'],
  },
  {
    files: ['packages/ai/**/*.ts'],
    message: 'Engines depend on packages/text only (DESIGN.md §1).',
    patterns: ['@veritext/contracts', '@veritext/reuse', '@veritext/extract'],
  },
  {
    files: ['packages/extract/**/*.ts'],
    message: 'packages/extract (file text extraction) depends on packages/text only.',
    patterns: ['@veritext/contracts', '@veritext/reuse', '@veritext/ai'],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    message: 'The web client talks to the server over HTTP only.',
    patterns: ['@veritext/server', '**/apps/server/**', 'pg', 'pg-boss', '@electric-sql/pglite', 'fastify'],
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify hooks and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Engines index typed arrays in hot loops; with noUncheckedIndexedAccess every read is `T | undefined`,
    // and a bounds-checked loop index is the proof the rule cannot see.
    files: ['packages/reuse/**/*.ts', 'packages/text/**/*.ts', 'packages/ai/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['*.js', '*.config.ts', 'scripts/**/*.ts', 'apps/web/vite.config.ts', 'apps/web/vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...boundaries.map(({ files, message, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
  })),
);
