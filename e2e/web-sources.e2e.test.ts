import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startLocalSearch, type LocalSearch } from '../apps/server/test/local-web/local-search.ts';
import { startLocalWeb, type LocalWeb } from '../apps/server/test/local-web/local-web.ts';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

/*
 * The internet as a source, in the browser: a local web (pages with menus, ads and footers) and a local search
 * service answering in SearXNG's JSON format from a BM25 index over it, both on loopback; the product is told to
 * use them (and that 127.0.0.1 may be fetched, which it otherwise refuses). A guest pastes a paragraph of one of
 * the pages: the report lists the page with its title and URL, and the paragraph is highlighted. A product with no
 * provider says in the report that the internet was not searched.
 */

const BEEKEEPING = [
  'Urban beekeeping has grown quietly on the flat roofs of European capitals over the last decade. Hotels, ' +
    'libraries and even a few railway stations now keep hives above their guests, and the honey they sell in ' +
    'small jars often carries the name of the street where the bees were kept.',
  'The bees themselves seem indifferent to the traffic below. Lime trees along the boulevards, flowering ' +
    'balconies and the neglected corners of parks give them a longer and more varied season than many farms ' +
    'can offer, because the city stays warmer at night and pesticides are rarely sprayed on public gardens.',
  'Not every naturalist welcomes the trend. Wild bees and hoverflies compete for the same flowers, and a ' +
    'district crowded with honeybee colonies can leave too little pollen for the solitary species that ' +
    'nest in old walls. Several city councils now ask new keepers to register their hives, so that the ' +
    'number of colonies in a neighbourhood can be matched to the flowers that feed them.',
];
const PAGE_TITLE = 'Honey from the rooftops: the rise of urban beekeeping';

const DISTRACTORS = [
  {
    path: '/travel/night-trains',
    title: 'The return of the night train',
    text:
      'Sleeper trains are crossing the continent again. Operators have restored routes between northern ' +
      'capitals and the Alps, and the cabins, once cramped and noisy, now come with showers and breakfast. ' +
      'Travellers who dislike airports say the slower journey is part of the holiday.',
  },
  {
    path: '/garden/compost',
    title: 'Compost in small spaces',
    text:
      'A balcony is enough for a worm bin. Kitchen scraps, shredded paper and a handful of soil turn into ' +
      'dark compost within a few months, and the worms ask for nothing but shade and a little moisture.',
  },
];

/** The paragraph the guest copies: the page's last one, word for word. */
const COPIED = BEEKEEPING[2] as string;
const GUEST_TEXT = `My report on the city's nature. ${COPIED} I think this is a fair compromise for everyone who lives there.`;

describe('internet sources in the browser', () => {
  let web: LocalWeb;
  let search: LocalSearch;
  let product: Product;
  let offline: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    web = await startLocalWeb([
      { path: '/nature/urban-beekeeping', title: PAGE_TITLE, text: BEEKEEPING.join('\n\n') },
      ...DISTRACTORS,
    ]);
    search = await startLocalSearch(
      [
        { url: web.urlOf('/nature/urban-beekeeping'), title: PAGE_TITLE, text: BEEKEEPING.join('\n\n') },
        ...DISTRACTORS.map((page) => ({ url: web.urlOf(page.path), title: page.title, text: page.text })),
      ],
      {},
    );
    const webPort = new URL(web.origin).port;
    [product, offline] = await Promise.all([
      startProduct({
        env: {
          WEB_SEARCH_PROVIDER: 'searxng',
          SEARXNG_URL: search.searxngUrl,
          WEB_FETCH_ALLOW_ADDRESSES: '127.0.0.1',
          WEB_FETCH_ALLOWED_PORTS: `80,443,${webPort}`,
          WEB_FETCH_PER_HOST_DELAY_MS: '0',
        },
      }),
      startProduct(),
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
    await Promise.all([product.stop(), offline.stop()]);
    await Promise.all([web.close(), search.close()]);
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, `web-sources-${String(contexts.length)}`));
    });
    return page;
  }

  async function guestReport(page: Page, url: string) {
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByLabel('Text to check').fill(GUEST_TEXT);
    await page.getByRole('button', { name: 'Check for plagiarism' }).click();
    const dialog = page.getByRole('dialog', { name: /^Similarity report/ });
    await dialog.getByRole('progressbar').waitFor({ timeout: 30_000 });
    return dialog;
  }

  it('a guest pastes a paragraph of a web page: the report names the page, links it and highlights the paragraph', async () => {
    const page = await newPage();
    const dialog = await guestReport(page, product.url);
    const source = dialog.locator('[data-item="source:1"]');
    await source.waitFor({ timeout: 90_000 });
    await expect.poll(() => source.textContent()).toContain(PAGE_TITLE);
    const link = source.getByRole('link');
    expect(await link.getAttribute('href')).toBe(web.urlOf('/nature/urban-beekeeping'));
    expect(await dialog.locator('[data-item^="source:"]').count()).toBe(1);

    const marked = (await dialog.locator('mark.report-node').allTextContents()).join(' ');
    expect(marked).toContain('Several city councils now ask new keepers to register their hives');
    expect(marked).not.toContain("My report on the city's nature");

    // the page was really fetched from the local web, through the search service
    expect(search.queries).toBeGreaterThan(0);
    expect(web.requests).toContain('/nature/urban-beekeeping');
    const scope = dialog.getByTestId('report-scope');
    expect(await scope.textContent()).toMatch(/internet/i);
    expect(await scope.textContent()).not.toMatch(/not searched/i);
    const dir = process.env.CHECK_SCREENSHOTS_DIR;
    if (dir !== undefined) await page.screenshot({ path: `${dir}/web-source-report.png` });
  });

  it('without a search provider the report says the internet was not searched', async () => {
    const page = await newPage();
    const dialog = await guestReport(page, offline.url);
    await dialog.getByText('No Similarity detected.').waitFor({ timeout: 90_000 });
    const scope = dialog.getByTestId('report-scope');
    await expect.poll(() => scope.textContent()).toMatch(/internet: not searched/i);
  });
});
