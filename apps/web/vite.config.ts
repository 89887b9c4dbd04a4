import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LANGUAGE_STORAGE_KEY } from '../../packages/contracts/src/languages.ts';
import { cataloguePart, firstLoadKeys } from './build/catalogueParts.ts';

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

/** The contracts' source files, and their second instance (below) that only the response schemas come from. */
const CONTRACTS_SOURCE = /\/packages\/contracts\/src\/[^/?]+\.ts(\?schemas)?$/;
const SCHEMAS_QUERY = '?schemas';
const CONTRACTS_SCHEMAS = `@veritext/contracts${SCHEMAS_QUERY}`;
const WEB_SOURCE = /\/apps\/web\/src\/[^?]+\.tsx?$/;

type Edit = { start: number; end: number; text: string };

function applyEdits(code: string, edits: readonly Edit[]): string {
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * Keeps zod and the contracts' zod schemas out of the first load (the bundler places whole modules: a
 * contracts file the first screen takes a constant from would otherwise bring every schema it declares,
 * and zod, into the entry chunk). Two build-time steps, no change to the contracts or to what runs:
 * - the client's imports of `…Schema` names from @veritext/contracts read a second instance of the
 *   contracts (`?schemas`), which only the on-demand chunks use (api/schemas.ts, the pages that parse);
 * - each top-level `const X = call(…)` of the contracts is marked pure, so an instance drops what no chunk
 *   uses from it (the first load keeps the constants and helpers, the second the schemas).
 * A schema the first screen itself parsed with would still bring zod back: the bench reports the entry's size.
 */
function contractsSchemasApart(): Plugin[] {
  const resolve: Plugin = {
    name: 'veritext:contracts-schemas-apart:resolve',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      if (source === CONTRACTS_SCHEMAS) {
        const resolved = await this.resolve('@veritext/contracts', importer, { skipSelf: true });
        return resolved === null ? null : resolved.id + SCHEMAS_QUERY;
      }
      if (importer?.endsWith(SCHEMAS_QUERY) === true && CONTRACTS_SOURCE.test(importer) && source.startsWith('.')) {
        const plainImporter = importer.slice(0, -SCHEMAS_QUERY.length);
        const resolved = await this.resolve(source, plainImporter, { skipSelf: true });
        return resolved === null || !CONTRACTS_SOURCE.test(resolved.id) ? resolved : resolved.id + SCHEMAS_QUERY;
      }
      return null;
    },
  };
  const transform: Plugin = {
    name: 'veritext:contracts-schemas-apart:transform',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (CONTRACTS_SOURCE.test(id)) return { code: markDeclarationsPure(code), map: null };
      if (WEB_SOURCE.test(id) && code.includes('@veritext/contracts')) {
        const out = moveSchemaImports(code);
        return out === code ? null : { code: out, map: null };
      }
      return null;
    },
  };
  return [resolve, transform];
}

function markDeclarationsPure(code: string): string {
  const edits: Edit[] = [];
  for (const statement of parseAst(code).body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations) {
      if (init?.type !== 'CallExpression') continue;
      edits.push({ start: init.start, end: init.start, text: '/*#__PURE__*/ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  return applyEdits(code, edits);
}

function moveSchemaImports(code: string): string {
  const edits: Edit[] = [];
  const isSchema = (name: string): boolean => name.endsWith('Schema');
  const nameOf = (node: { type: string; name?: string; value?: unknown }): string =>
    node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
  for (const statement of parseAst(code).body) {
    if (statement.type === 'ImportDeclaration' && statement.source.value === '@veritext/contracts') {
      const named = statement.specifiers.filter((s) => s.type === 'ImportSpecifier');
      const schemas = named.filter((s) => isSchema(nameOf(s.imported)));
      if (schemas.length === 0 || named.length !== statement.specifiers.length) continue;
      const rest = named.filter((s) => !schemas.includes(s));
      const list = (specifiers: typeof named) => specifiers.map((s) => code.slice(s.start, s.end)).join(', ');
      const text =
        `import { ${list(schemas)} } from '${CONTRACTS_SCHEMAS}';` +
        (rest.length > 0 ? ` import { ${list(rest)} } from '@veritext/contracts';` : '');
      edits.push({ start: statement.start, end: statement.end, text });
    } else if (
      statement.type === 'ExportNamedDeclaration' &&
      statement.source?.value === '@veritext/contracts' &&
      statement.specifiers.every((s) => isSchema(nameOf(s.local)))
    ) {
      edits.push({ start: statement.source.start, end: statement.source.end, text: `'${CONTRACTS_SCHEMAS}'` });
    }
  }
  return applyEdits(code, edits);
}

const CATALOGUE_SOURCE = /\/apps\/web\/src\/i18n\/parts\/(en|es|no)-(core|rest)\.ts$/;

/**
 * Cuts each translation catalogue in two chunks (build/catalogueParts.ts): src/i18n/parts/en-core.ts becomes
 * the keys the first load names, en-rest.ts the others (es and no likewise). Without the build each is the whole file.
 */
function catalogueParts(): Plugin {
  let core: Set<string> | null = null;
  return {
    name: 'veritext:catalogue-parts',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      core = null;
    },
    load(id) {
      const match = CATALOGUE_SOURCE.exec(id);
      if (match === null) return null;
      const file = fileURLToPath(new URL(`./src/i18n/${match[1] ?? 'en'}.json`, import.meta.url));
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof cataloguePart>[0];
      // The catalogues have the same keys (catalogue.test.ts): the English one decides the cut.
      core ??= firstLoadKeys(
        fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
        JSON.parse(readFileSync(fileURLToPath(new URL('./src/i18n/en.json', import.meta.url)), 'utf8')) as Parameters<
          typeof cataloguePart
        >[0],
      );
      const part = cataloguePart(catalogue, core, match[2] === 'core' ? 'core' : 'rest');
      // A JSON.parse of a string literal: what Vite makes of a large JSON file (faster than an object literal).
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, moduleType: 'js' };
    },
  };
}

/**
 * The HTML starts fetching the page's first-load catalogue part beside the entry chunk (a deferred script:
 * the CSP allows no inline script), so that the catalogue is not a second round trip after the entry: the
 * /es pages (and the blog's) are Spanish, the /no pages Norwegian, as are the cabinet's (/profile/, /admin/) for a
 * visitor who chose Norwegian; another page English unless the visitor chose Spanish (then the page decides,
 * as main.tsx does, and nothing is preloaded).
 */
function cataloguePreload(): Plugin {
  return {
    name: 'veritext:catalogue-preload',
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle) {
      const coreChunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        const match = output.type === 'chunk' ? CATALOGUE_SOURCE.exec(output.facadeModuleId ?? '') : null;
        if (output.type === 'chunk' && match?.[2] === 'core') coreChunks[match[1] ?? ''] = `/${output.fileName}`;
      }
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || ['en', 'es', 'no'].some((lang) => coreChunks[lang] === undefined)) return;
      const script = [
        '(function () {',
        `  var chunks = ${JSON.stringify(coreChunks)};`,
        '  var path = location.pathname;',
        '  var language = /^\\/(blog\\/)?es(\\/|$)/.test(path) ? "es" : /^\\/no(\\/|$)/.test(path) ? "no" : null;',
        '  if (language === null) {',
        '    var stored = null;',
        `    try { stored = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}); } catch (error) {}`,
        '    if (stored === "no" && /^\\/(profile|admin)(\\/|$)/.test(path)) language = "no";',
        '    else if (stored !== "es") language = "en";',
        '  }',
        '  if (language === null) return;',
        '  var link = document.createElement("link");',
        '  link.rel = "modulepreload";',
        '  link.href = chunks[language];',
        '  document.head.appendChild(link);',
        '})();',
        '',
      ].join('\n');
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'catalogue-preload.js', source: script }));
      const tag = `<script defer src="/${fileName}"></script>`;
      const source = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      html.source = source.replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build (over 1 kB), compressed
 * once at the highest levels: the server sends the copy the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'veritext:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), ...contractsSchemasApart(), catalogueParts(), cataloguePreload(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The first-load chunk (about 455 kB, 140 kB gzip) is mostly react-dom, i18next, react-router and
    // TanStack Query; zod and the response schemas, every modal and its dialog, the account menu, the bot-check
    // solver, the other language and the pages most visitors never open load on demand (app/lazyComponent.ts,
    // modals/modalChunks.ts, api/lazySchema.ts). `npm run bench:web-client` measures the home page's first
    // load against its budget of 150 kB gzip; a chunk over 500 kB warns here.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: {
        // The contracts only declare (constants, functions, zod schemas): a module none of whose exports a
        // chunk uses is left out of it (and, with contractsSchemasApart, an unused schema).
        moduleSideEffects: [{ test: CONTRACTS_SOURCE, sideEffects: false }],
      },
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
