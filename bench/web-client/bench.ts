/**
 * `npm run bench:web-client`: the first load of the home page (/ and /es/) on a slow phone.
 *
 * Builds the client into a folder of its own, starts the real product on it (e2e/harness.ts startProduct with
 * WEB_DIST_DIR: the server, its CSP and its static files, exactly what `npm start` serves) and loads each page
 * in Chromium at 375×740 (a phone: touch, device scale 2) with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate) and Lighthouse's mobile "slow 4G" network (Network.emulateNetworkConditions:
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), the cache disabled, a fresh browser context per run.
 * Measures Largest Contentful Paint and Cumulative Layout Shift (PerformanceObservers installed before the
 * page's own scripts; shifts right after an input left out, as the metric does), the bytes on the wire by
 * kind (JavaScript, fonts, all), and the gzip size of the page's scripts: those fetched before the page's
 * LCP (its first load) and all of them during the run (the chunks it loads on its own afterwards, e.g. the
 * response schemas of the login check at 0.5 s). Each page is measured again with the web fonts blocked:
 * the difference in CLS is the fonts' share. Writes bench/results/web-client.json and web-client.md.
 *
 *   node bench/web-client/bench.ts [--runs 5] [--out-dir /tmp/veritext-bench-web] [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import { launchBrowser, startProduct } from '../../e2e/harness.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'out-dir': { type: 'string', default: join(os.tmpdir(), 'veritext-bench-web-client') },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const outDir = resolve(values['out-dir']);
const log = (line: string): void => void process.stderr.write(line + '\n');

/** Lighthouse's mobile throttling ("slow 4G", 4× CPU). */
const NETWORK = { latency: 150, downloadKbps: 1600, uploadKbps: 750 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 375, height: 740 };
const PAGES = ['/', '/es/'] as const;
/** After `load`, how long a run keeps watching (the login check fires at 0.5 s; LCP settles). */
const SETTLE_MS = 4000;
const GOALS = { lcpMs: 2500, cls: 0.05, firstLoadJsGzipKb: 150 };

if (!values['no-build']) {
  log(`building the client into ${outDir}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`the client build failed (${String(build.status)})`);
}

/** The gzip size (zlib's default level) of each built script, by its URL path. */
const gzipOf = new Map<string, number>();
for (const file of readdirSync(join(outDir, 'assets'))) {
  if (file.endsWith('.js')) gzipOf.set(`/assets/${file}`, gzipSync(readFileSync(join(outDir, 'assets', file))).length);
}

type Resource = { url: string; type: string; bytes: number; startMs: number };
type Run = {
  lcpMs: number;
  lcpElement: string;
  cls: number;
  shifts: { value: number; sources: string[] }[];
  loadMs: number;
  resources: Resource[];
};

const OBSERVERS = `
  window.__bench = { lcp: 0, lcpElement: '', cls: 0, shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.lcp = entry.startTime;
      const el = entry.element;
      window.__bench.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(gone)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__bench.cls += entry.value;
      window.__bench.shifts.push({ value: entry.value, sources: (entry.sources || []).map((s) => s.node ? s.node.nodeName.toLowerCase() + (s.node.className ? '.' + String(s.node.className).split(' ')[0] : '') : '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function measure(browser: Browser, url: string, blockFonts: boolean): Promise<Run> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latency,
    downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (blockFonts) await cdp.send('Network.setBlockedURLs', { urls: ['*.woff2', '*.woff', '*.ttf'] });

  const requests = new Map<string, Resource>();
  const resources: Resource[] = [];
  let navigationStart = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (navigationStart === 0) navigationStart = event.timestamp;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      bytes: 0,
      startMs: (event.timestamp - navigationStart) * 1000,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const resource = requests.get(event.requestId);
    if (resource === undefined) return;
    resource.bytes = event.encodedDataLength;
    resources.push(resource);
  });

  const started = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const loadMs = Date.now() - started;
  await page.waitForTimeout(SETTLE_MS);
  const result = await page.evaluate<{ lcp: number; lcpElement: string; cls: number; shifts: Run['shifts'] }>(
    'window.__bench',
  );
  await context.close();
  return {
    lcpMs: result.lcp,
    lcpElement: result.lcpElement,
    cls: result.cls,
    shifts: result.shifts,
    loadMs,
    resources,
  };
}

const kb = (bytes: number): number => Math.round(bytes / 100) / 10;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const worst = (xs: readonly number[]): number => Math.max(...xs);
const pathOf = (url: string): string => new URL(url).pathname;

function summarise(list: readonly Run[]) {
  const scripts = (run: Run, beforeLcp: boolean) =>
    run.resources.filter((r) => r.type === 'Script' && (!beforeLcp || r.startMs <= run.lcpMs));
  const sum = (resources: readonly Resource[]) => resources.reduce((total, r) => total + r.bytes, 0);
  const gzip = (resources: readonly Resource[]) =>
    resources.reduce((total, r) => total + (gzipOf.get(pathOf(r.url)) ?? r.bytes), 0);
  const first = list[0];
  return {
    lcpMs: { median: Math.round(median(list.map((r) => r.lcpMs))), worst: Math.round(worst(list.map((r) => r.lcpMs))) },
    cls: {
      median: Number(median(list.map((r) => r.cls)).toFixed(4)),
      worst: Number(worst(list.map((r) => r.cls)).toFixed(4)),
    },
    loadMs: {
      median: Math.round(median(list.map((r) => r.loadMs))),
      worst: Math.round(worst(list.map((r) => r.loadMs))),
    },
    lcpElement: first?.lcpElement ?? '',
    shifts: first?.shifts ?? [],
    firstLoadScripts: first === undefined ? [] : scripts(first, true).map((r) => pathOf(r.url)),
    laterScripts:
      first === undefined
        ? []
        : scripts(first, false)
            .filter((r) => r.startMs > first.lcpMs)
            .map((r) => pathOf(r.url)),
    firstLoadJsGzipKb: kb(median(list.map((run) => gzip(scripts(run, true))))),
    firstLoadJsWireKb: kb(median(list.map((run) => sum(scripts(run, true))))),
    allJsGzipKb: kb(median(list.map((run) => gzip(scripts(run, false))))),
    allJsWireKb: kb(median(list.map((run) => sum(scripts(run, false))))),
    fontsWireKb: kb(median(list.map((run) => sum(run.resources.filter((r) => r.type === 'Font'))))),
    fonts: first === undefined ? [] : first.resources.filter((r) => r.type === 'Font').map((r) => pathOf(r.url)),
    totalWireKb: kb(median(list.map((run) => sum(run.resources)))),
    requests: median(list.map((run) => run.resources.length)),
  };
}

const product = await startProduct({ requireClient: false, env: { WEB_DIST_DIR: outDir } });
const browser = await launchBrowser();
const browserVersion = browser.version();
const results: Record<string, { withFonts: ReturnType<typeof summarise>; fontsBlocked: ReturnType<typeof summarise> }> =
  {};
try {
  // One unmeasured load first (the server's first answers, Chromium's start).
  await measure(browser, `${product.url}/`, false);
  for (const path of PAGES) {
    const withFonts: Run[] = [];
    const blocked: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      withFonts.push(await measure(browser, product.url + path, false));
      blocked.push(await measure(browser, product.url + path, true));
      log(
        `${path} run ${String(i + 1)}: LCP ${String(Math.round(withFonts.at(-1)?.lcpMs ?? 0))} ms, CLS ${String(
          withFonts.at(-1)?.cls.toFixed(4),
        )} (fonts blocked: LCP ${String(Math.round(blocked.at(-1)?.lcpMs ?? 0))} ms, CLS ${String(blocked.at(-1)?.cls.toFixed(4))})`,
      );
    }
    results[path] = { withFonts: summarise(withFonts), fontsBlocked: summarise(blocked) };
  }
} finally {
  await browser.close();
  await product.stop();
}

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${String(os.cpus().length)} CPUs, Node ${process.version}, Chromium ${browserVersion}`,
  command: 'npm run bench:web-client',
  profile: { viewport: VIEWPORT, cpuSlowdown: CPU_SLOWDOWN, network: NETWORK, cache: 'disabled', runs },
  goals: GOALS,
  pages: results,
};
writeFileSync(join(root, 'bench/results/web-client.json'), JSON.stringify(result, null, 2) + '\n');

const pass = (ok: boolean): string => (ok ? 'yes' : '**no**');
const rows: string[] = [];
for (const path of PAGES) {
  const r = results[path]?.withFonts;
  const b = results[path]?.fontsBlocked;
  if (r === undefined || b === undefined) continue;
  rows.push(
    `| \`${path}\` | ${String(r.lcpMs.median)} / ${String(r.lcpMs.worst)} ms | ${String(r.cls.median)} / ${String(
      r.cls.worst,
    )} | ${String(b.lcpMs.median)} / ${String(b.lcpMs.worst)} ms | ${String(b.cls.median)} / ${String(b.cls.worst)} | ${String(r.firstLoadJsGzipKb)} kB | ${String(
      r.firstLoadJsWireKb,
    )} kB | ${String(r.allJsGzipKb)} kB | ${String(r.fontsWireKb)} kB | ${String(r.totalWireKb)} kB | ${pass(
      r.lcpMs.worst <= GOALS.lcpMs && r.cls.worst <= GOALS.cls && r.firstLoadJsGzipKb <= GOALS.firstLoadJsGzipKb,
    )} |`,
  );
}
const home = results['/']?.withFonts;
const spanish = results['/es/']?.withFonts;
writeFileSync(
  join(root, 'bench/results/web-client.md'),
  [
    '# Home page first load on a slow phone (`npm run bench:web-client`)',
    '',
    `${result.date} · ${result.machine}`,
    '',
    `The client built into its own folder and served by the real product (startProduct, WEB_DIST_DIR); Chromium at`,
    `${String(VIEWPORT.width)}×${String(VIEWPORT.height)} (mobile, touch, scale 2), CPU slowed ${String(CPU_SLOWDOWN)}× (CDP`,
    `Emulation.setCPUThrottlingRate), Lighthouse's mobile "slow 4G" network (Network.emulateNetworkConditions: ${String(
      NETWORK.latency,
    )} ms`,
    `latency, ${String(NETWORK.downloadKbps / 1000)} Mbit/s down, ${String(NETWORK.uploadKbps)} kbit/s up), cache disabled, a fresh context per run;`,
    `${String(runs)} runs per page (median / worst), after one unmeasured load.`,
    '',
    '| page | LCP | CLS | web fonts blocked: LCP | and CLS | JS before LCP, gzip | same, on the wire | all JS in the run, gzip | fonts | all bytes | goals met |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Goals: LCP ≤ ${String(GOALS.lcpMs)} ms, CLS ≤ ${String(GOALS.cls)}, JavaScript of the first load ≤ ${String(
      GOALS.firstLoadJsGzipKb,
    )} kB gzip (zlib's default level; kB = 1000 bytes).`,
    '"JS before LCP" is every script requested up to the largest paint (the first load); "all JS in the run"',
    `adds what the page fetched on its own in the ${String(SETTLE_MS / 1000)} s after \`load\` (the login check's response schemas).`,
    '"On the wire" is what the server sent (encodedDataLength): brotli, from the copies the build writes beside each file.',
    '',
    `LCP element: / ${home?.lcpElement ?? ''}; /es/ ${spanish?.lcpElement ?? ''}.`,
    '',
    `First-load scripts of /: ${(home?.firstLoadScripts ?? []).map((s) => `\`${s}\``).join(', ')}.`,
    `Fetched later on its own: ${(home?.laterScripts ?? []).map((s) => `\`${s}\``).join(', ') || 'none'}.`,
    `First-load scripts of /es/: ${(spanish?.firstLoadScripts ?? []).map((s) => `\`${s}\``).join(', ')}.`,
    `Fonts: ${(home?.fonts ?? []).map((s) => `\`${s}\``).join(', ') || 'none'}.`,
    '',
    'Layout shifts of the first run of / (value, shifted nodes):',
    ...(home?.shifts.length === 0
      ? ['none.']
      : (home?.shifts ?? []).map((s) => `- ${s.value.toFixed(4)}: ${s.sources.join(', ')}`)),
    '',
  ].join('\n'),
);
log(readFileSync(join(root, 'bench/results/web-client.md'), 'utf8'));
