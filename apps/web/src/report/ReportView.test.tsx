import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportSource, SimilarityReport } from '@veritext/contracts';
import { i18next, initI18n } from '../i18n/index.ts';
import { itemKey } from './highlight.ts';
import { INITIAL_PROGRESS } from './progress.ts';
import { ReportScreen } from './ReportModal.tsx';
import { ReportProgress } from './ReportProgress.tsx';
import { SimilarityText } from './ReportText.tsx';
import { SourceList } from './SourceList.tsx';
import { ReportView, type SideTab } from './ReportView.tsx';
import type { AiLoad, ReportLoad } from './reportLoad.ts';
import { node } from './nodes.test-data.ts';

function source(partial: Partial<ReportSource>): ReportSource {
  return {
    id: 1,
    enabled: true,
    source: 'https://rivers.example.org/essay',
    link: { name: 'rivers.example.org' },
    sourceType: 'internet',
    index: [{ type: 'general', db_id: '1' }],
    percent: 40,
    identical: 30,
    changedIndex: 10,
    ...partial,
  };
}

const REPORT: SimilarityReport = {
  id: 42,
  title: 'Essay',
  plagiarism: {
    nodes: [
      node({ text: 'Rivers shape valleys. ', isLikely: true }),
      node({ text: 'Water carves the rock slowly. ', sources: [1], isIdentical: true }),
      node({ text: 'Stone is cut by water over time.', sources: [1, 2], isChangedIndex: true, isHlikely: true }),
    ],
    sources: [
      source({}),
      source({
        id: 2,
        source: 'https://archive.example.edu/paper',
        link: { name: '#1234 Earlier report' },
        index: [{ type: 'checked', db_id: '3' }],
        percent: 0.4,
        identical: 0,
        changedIndex: 0.4,
      }),
    ],
    quSources: [],
    reSources: [],
    length: 84,
    percents: { total: 62.5, source: 62.5, identical: 36.9, 'changed-index': 25.6, quote: 0, reference: 0 },
  },
  ai: {
    status: 4,
    nodes: [
      node({ text: 'Rivers shape valleys. ', isLikely: true }),
      node({ text: 'Water carves the rock slowly. ' }),
      node({ text: 'Stone is cut by water over time.', isHlikely: true }),
    ],
    percents: { processed: 100, likely: 26.19, strong: 38.1, total: 64.29 },
    verdict: 'likely AI',
    error: null,
  },
  compared_with: null,
};

/** The report with what it was compared with, and sources of this instance and of a collection. */
const SCOPED: SimilarityReport = {
  ...REPORT,
  plagiarism: {
    ...REPORT.plagiarism,
    sources: [
      source({
        id: 1,
        source: "Your check 'My draft' of 25 Nov 2026",
        link: { name: "Your check 'My draft' of 25 Nov 2026" },
        sourceType: 'checked',
        index: [{ type: 'checked', db_id: 'check:12' }],
        origin: { kind: 'own', title: 'My draft', checked_at: '2026-11-25T12:00:00.000Z' },
      }),
      source({
        id: 2,
        source: 'A document checked in your organisation',
        link: { name: 'A document checked in your organisation' },
        sourceType: 'checked:g4',
        index: [{ type: 'checked', db_id: 'check:13' }],
        origin: { kind: 'organisation' },
      }),
      source({
        id: 3,
        source: 'A document submitted to Veritext on 20 Nov 2026',
        link: { name: 'A document submitted to Veritext on 20 Nov 2026' },
        sourceType: 'checked',
        index: [{ type: 'checked', db_id: 'check:14' }],
        origin: { kind: 'instance', checked_at: '2026-11-20T12:00:00.000Z' },
      }),
      source({
        id: 4,
        source: 'lighthouses.txt',
        link: { name: 'lighthouses.txt' },
        sourceType: 'ref:maritime',
        index: [{ type: 'general', db_id: 'ref:maritime:lighthouses.txt' }],
        origin: { kind: 'collection', name: 'ref:maritime', title: 'Maritime history' },
      }),
    ],
  },
  compared_with: {
    documents: [
      { scope: 'instance', count: 1234 },
      { scope: 'organisation', count: 1 },
    ],
    collections: [{ name: 'ref:maritime', title: 'Maritime history', documents: 7 }],
    internet: { searched: false, reason: 'no_provider' },
  },
};

/** A report whose first source is an internet page (its origin stored when the check ran). */
const WEB: SimilarityReport = {
  ...REPORT,
  plagiarism: {
    ...REPORT.plagiarism,
    sources: [
      source({
        id: 1,
        source: 'https://www.bees.example.org/nature/urban%20beekeeping?page=2',
        link: { name: 'Honey from the rooftops' },
        sourceType: 'web',
        index: [{ type: 'general', db_id: 'web:4f2a' }],
        origin: {
          kind: 'web',
          title: 'Honey from the rooftops',
          url: 'https://www.bees.example.org/nature/urban%20beekeeping?page=2',
          fetched_at: '2026-11-26T12:00:00.000Z',
        },
      }),
      source({
        id: 2,
        source: 'javascript:alert(1)',
        link: { name: '' },
        sourceType: 'web',
        index: [{ type: 'general', db_id: 'web:9c1d' }],
        origin: { kind: 'web', title: '', url: 'javascript:alert(1)', fetched_at: '2026-11-20T12:00:00.000Z' },
      }),
    ],
  },
};

const READY: ReportLoad = { document: { kind: 'ready', report: REPORT }, ai: { kind: 'done' } };
const FINISHED = { step: 9, isReady: true, isFinished: true };

function screen(load: ReportLoad, options: { isGuest?: boolean; progress?: typeof FINISHED } = {}): string {
  return renderToStaticMarkup(
    <ReportScreen
      documentId={42}
      load={load}
      progress={options.progress ?? FINISHED}
      isGuest={options.isGuest ?? true}
      language="en"
      onSignup={() => undefined}
    />,
  );
}

function view(initialTab: SideTab = 'similarity', ai: AiLoad = { kind: 'done' }, report = REPORT): string {
  return renderToStaticMarkup(<ReportView report={report} ai={ai} language="en" initialTab={initialTab} />);
}

describe('the Similarity report', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('has the title, both totals as tabs, and the guest footer for a guest only', () => {
    const html = screen(READY);
    // titled by the document ("Similarity report: Essay" to a screen reader); the check's number beside it
    expect(html).toContain(
      '<h2 class="modal__title report-modal__title"><span class="report-modal__kind">Similarity report' +
        '<span class="visually-hidden">: </span></span><span class="report-modal__name">Essay</span></h2>',
    );
    expect(html).toContain('<p class="report-modal__check">Check no.\u00a042</p>');
    expect(html).toContain('data-check-id="42"');
    expect(html).not.toContain('#42');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-tab="similarity"[^>]*>.*Similarity total/);
    // the gauge: the percentage, its band in words, the split beside it, and the caution
    expect(html).toContain('<span class="report-total__value">62.50\u00a0%</span>');
    expect(html).toContain('data-band="veryHigh"');
    expect(html).toContain('<strong>Very high similarity</strong>');
    expect(html).toContain('Most of the text matches other sources');
    expect(html).toContain('Identical 36.90\u00a0%');
    expect(html).toContain('Changed text 25.60\u00a0%');
    expect(html).toContain('Similarity is not proof of plagiarism');
    // the AI card: a verdict in words, on the verdict scale, with the AI share under it
    expect(html).toMatch(
      /<span class="report-verdict" data-scale="ai"><span class="report-total__label">AI total<\/span><span class="report-total__value report-verdict__value">Reads as AI-written<\/span><span class="report-total__detail">64\.29\u00a0% likely AI-written<\/span>/,
    );
    expect(html).toContain('Sign up to check the whole text');
    expect(screen(READY, { isGuest: false })).not.toContain('Sign up to check the whole text');
  });

  it('renders the text from the nodes with identical and changed text styled apart', () => {
    const html = view();
    expect(html).toContain('<span>Rivers shape valleys. </span>');
    // each passage in its source's colour (the changed one has sources 1 and 2: the first one's)
    expect(html).toMatch(
      /<mark class="report-node report-node--identical" style="--source-colour:var\(--color-source-1\)" data-colour="1" data-node="1"[^>]*><span class="visually-hidden">\[identical:\]<\/span>Water carves the rock slowly. /,
    );
    expect(html).toMatch(/<mark class="report-node report-node--changed" style="[^"]*" data-colour="1" data-node="2"/);
    expect(html).not.toContain('is-highlighted');
  });

  it('lists the sources: name, link only for internet sources, pill, shares and a switch', () => {
    const html = view();
    expect(html).toContain('data-item="source:1"');
    expect(html).toContain('<span class="report-source__title">rivers.example.org</span>');
    expect(html).toContain('href="https://rivers.example.org/essay"');
    expect(html).not.toContain('href="https://archive.example.edu/paper"');
    expect(html).toContain('Checked on Veritext');
    expect(html).toContain('<span class="pill report-source__pill">40\u00a0%</span>');
    expect(html).toContain('<span class="pill report-source__pill">1\u00a0%</span>');
    expect(html).toContain('Identical 30.00\u00a0%');
    // each source's marker in its colour: source 1 the first, source 2 the second
    expect(html).toContain('style="--source-colour:var(--color-source-1)" data-colour="1" data-item="source:1"');
    expect(html).toContain('style="--source-colour:var(--color-source-2)" data-colour="2" data-item="source:2"');
    expect(html).toContain('role="switch" class="report-switch" aria-checked="true"');
  });

  it('says when a list is empty', () => {
    expect(view('quotes')).toContain('No quotes detected.');
    expect(view('references')).toContain('No references detected.');
    const noSources = { ...REPORT, plagiarism: { ...REPORT.plagiarism, sources: [] } };
    expect(view('similarity', { kind: 'done' }, noSources)).toContain('No similarity detected.');
    expect(view()).not.toContain('No similarity detected.');
  });

  it('has a locked Grammar tab and keyboard-ready tabs', () => {
    const html = view();
    expect(html).toMatch(/role="tab"[^>]*aria-disabled="true"[^>]*tabindex="-1"[^>]*data-tab="grammar"/);
    expect(html).toContain('class="report-tab__lock"');
    expect(html).toContain('Coming soon');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*tabindex="0"[^>]*data-tab="similarity"/);
    expect(html).toContain('data-sheet-state="peeking"');
    expect(html).toContain('aria-label="Expand sources"');
  });

  it('the AI view marks likely and strongly likely text and shows the AI part', () => {
    const html = view('ai');
    expect(html).toContain('data-view="ai"');
    expect(html).toContain('<mark class="ai-mark ai-mark--likely" data-ai-node="0">');
    expect(html).toContain('<mark class="ai-mark ai-mark--strong" data-ai-node="2">');
    expect(html).toContain('Likely AI');
    expect(html).toMatch(/26\.19\s%/);
  });

  it('the AI part says the verdict as the AI result does: band, level where it fits, meaning, share, caution', async () => {
    const withAssessment = (assessment: NonNullable<SimilarityReport['ai']['assessment']>) => ({
      ...REPORT,
      ai: { ...REPORT.ai, assessment },
    });
    const base = { lang: 'en', human_texts: 3646 } as const;
    const uncertain = view(
      'ai',
      { kind: 'done' },
      withAssessment({ ...base, band: 'uncertain', reason: 'overlap', level: null, human_share: 24.99 }),
    );
    expect(uncertain).toContain('<div class="report-ai" data-verdict="uncertain">');
    expect(uncertain).toContain('<strong>Not enough evidence to tell</strong>');
    expect(uncertain).not.toContain('Detector level');
    expect(uncertain).toContain(
      'so the detector cannot tell which this is. In our tests, 24.99\u00a0% of the 3,646 English texts written by people got this result.',
    );
    expect(uncertain).toContain('No AI detector is certain.');
    // the AI total card says the band too
    expect(uncertain).toContain('<span class="report-verdict" data-scale="uncertain">');
    const human = view(
      'ai',
      { kind: 'done' },
      withAssessment({ ...base, band: 'human', reason: null, level: 'likely human', human_share: 75.01 }),
    );
    expect(human).toContain('<strong>Reads as written by a person</strong>');
    expect(human).toContain('<p class="report-ai__level">Detector level: Likely human</p>');
    const ai = view(
      'ai',
      { kind: 'done' },
      withAssessment({ ...base, band: 'ai', reason: null, level: 'likely AI', human_share: 0 }),
    );
    expect(ai).toContain('<strong>Reads as AI-written</strong>');
    expect(ai).toContain('In our tests, none of the 3,646 English texts written by people got this result.');
    // no score and no threshold
    expect(uncertain + human + ai).not.toMatch(/score|threshold/i);

    await i18next.changeLanguage('es');
    try {
      const es = renderToStaticMarkup(
        <ReportView
          report={withAssessment({
            lang: 'es',
            human_texts: 1288,
            band: 'uncertain',
            reason: 'unfamiliar',
            level: null,
            human_share: 14.21,
          })}
          ai={{ kind: 'done' }}
          language="es"
          initialTab="ai"
        />,
      );
      expect(es).toContain('<strong>No hay pruebas suficientes para saberlo</strong>');
      expect(es).toContain('Este tipo de escritura no se parece a nada con lo que se entrenó el detector');
      expect(es).toContain(
        'En nuestras pruebas, el 14,21\u00a0% de los 1288 textos en español escritos por personas obtuvo este resultado.',
      );
      expect(es).toContain('Ningún detector de IA es infalible.');
      const esHuman = renderToStaticMarkup(
        <ReportView
          report={withAssessment({
            lang: 'es',
            human_texts: 1288,
            band: 'human',
            reason: null,
            level: 'human-written',
            human_share: 85.79,
          })}
          ai={{ kind: 'done' }}
          language="es"
          initialTab="ai"
        />,
      );
      expect(esHuman).toContain('<strong>Parece escrito por una persona</strong>');
      expect(esHuman).toContain('Nivel del detector: Escrito por una persona');
      const esAi = renderToStaticMarkup(
        <ReportView
          report={withAssessment({
            lang: 'en',
            human_texts: 3646,
            band: 'ai',
            reason: null,
            level: 'most likely AI',
            human_share: 0,
          })}
          ai={{ kind: 'done' }}
          language="es"
          initialTab="ai"
        />,
      );
      expect(esAi).toContain('<strong>Parece escrito por IA</strong>');
      expect(esAi).toContain('ninguno de los 3646 textos en inglés escritos por personas obtuvo este resultado.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it("says 'Failed' on an AI error, and that the AI check is not available when it is not enabled", () => {
    const failed = {
      ...REPORT,
      ai: { ...REPORT.ai, error: 'AI Detector can check only texts in English and Spanish.' },
    };
    const html = view('ai', { kind: 'done' }, failed);
    expect(html).toContain('<span class="report-total__value report-verdict__value is-failed">Failed</span>');
    expect(html).toContain('AI Detector can check only texts in English and Spanish.');
    const unavailable = view('ai', { kind: 'unavailable' });
    expect(unavailable).toContain('This text was not checked for AI, and there are no AI pages left');
    expect(unavailable).not.toContain('ai-mark--likely" data-ai-node');
  });

  it('offers the AI check with its cost when none was chosen, and sends nothing by itself', () => {
    const html = view('ai', { kind: 'offer' });
    expect(html).toContain('This text was not checked for AI.');
    expect(html).toMatch(
      /<button type="button" class="button button--primary">Check for AI — costs 1 AI page<\/button>/,
    );
    expect(html).toContain(
      '<span class="report-total__label">AI total</span><span class="report-total__value report-verdict__value">Not checked</span>',
    );
    expect(html).toContain('Open it to check for AI (1 AI page)');
    expect(view('ai', { kind: 'unavailable' })).toContain('No AI pages left to check it');
    expect(view('ai', { kind: 'pending' })).not.toContain('Check for AI — costs 1 AI page');
  });

  it('states what the text was compared with; a report made before that was recorded has no such section', () => {
    const html = view('similarity', { kind: 'done' }, SCOPED);
    expect(html).toContain('data-testid="report-scope"');
    expect(html).toContain('Compared with');
    expect(html).toContain('<li>1,234 documents checked on Veritext</li>');
    expect(html).toContain('<li>1 document of your organisation, kept apart</li>');
    expect(html).toContain('<li>Reference collection “Maritime history”: 7 documents</li>');
    expect(html).toContain('<li>The internet: not searched (no search provider is configured on this service)</li>');
    expect(view()).not.toContain('report-scope');
    expect(view('quotes', { kind: 'done' }, SCOPED)).not.toContain('report-scope');
  });

  it('shows an internet page by its title, its address as a link and the day it was fetched, in its colour', () => {
    const html = view('similarity', { kind: 'done' }, WEB);
    const first = html.slice(html.indexOf('data-item="source:1"'), html.indexOf('data-item="source:2"'));
    expect(first).toContain('<span class="report-source__type">Internet source</span>');
    expect(first).toContain('<span class="report-source__title">Honey from the rooftops</span>');
    // the address is the link, its host and path shown readably; a stranger's page opens apart, unfollowed
    expect(first).toContain(
      '<a class="report-source__url" href="https://www.bees.example.org/nature/urban%20beekeeping?page=2" ' +
        'target="_blank" rel="noopener noreferrer nofollow" title="https://www.bees.example.org/nature/urban%20beekeeping?page=2">' +
        'bees.example.org/nature/urban beekeeping?page=2<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
    expect(first).toContain('<span class="report-source__fetched">Fetched 26 Nov 2026</span>');
    // one link: the address, not a second "Open source"
    expect(first.match(/<a /g)).toHaveLength(1);
    expect(first).not.toContain('Open source');
    // its colour is the one of its passages in the text, like any source's
    expect(html).toContain('style="--source-colour:var(--color-source-1)" data-colour="1" data-item="source:1"');
    expect(html).toMatch(
      /<mark class="report-node report-node--identical" style="--source-colour:var\(--color-source-1\)"/,
    );
    // an address that is not http(s) is shown, never linked; a page without a title is named by its address
    const second = html.slice(html.indexOf('data-item="source:2"'));
    expect(second).toContain('<span class="report-source__title">javascript:alert(1)</span>');
    expect(second).toContain('<span class="report-source__url">javascript:alert(1)</span>');
    expect(second).not.toContain('href="javascript');
    expect(second).toContain('Fetched 20 Nov 2026');
  });

  it.each([
    [
      { searched: true, reason: null, partial: false, queries: 4, pages: 12 },
      'The internet: searched (12 pages compared, from 4 searches)',
    ],
    [
      { searched: true, reason: null, partial: false, queries: 1, pages: 1 },
      'The internet: searched (1 page compared, from 1 search)',
    ],
    [
      { searched: true, reason: null, partial: true, queries: 3, pages: 2 },
      'The internet: partly searched, the time allowed ran out (2 pages compared, from 3 searches)',
    ],
    [
      { searched: true, reason: null, partial: false, queries: 2, pages: 0 },
      'The internet: searched (2 searches), but no pages to compare with were found',
    ],
    [
      { searched: true, reason: null, partial: true, queries: 1, pages: 0 },
      'The internet: partly searched, the time allowed ran out (1 search), and no pages to compare with were found',
    ],
    [
      { searched: false, reason: 'no_provider', partial: false, queries: 0, pages: 0 },
      'The internet: not searched (no search provider is configured on this service)',
    ],
    [{ searched: false, reason: 'provider_auth' }, 'The internet: not searched (the search provider refused our key)'],
    [
      { searched: false, reason: 'provider_quota' },
      "The internet: not searched (the search provider's quota is used up)",
    ],
    [
      { searched: false, reason: 'provider_unavailable' },
      'The internet: not searched (the search provider did not answer)',
    ],
  ] as const)('states how the internet was searched: %o', (internet, line) => {
    const report = { ...SCOPED, compared_with: { ...SCOPED.compared_with, internet } } as SimilarityReport;
    const html = view('similarity', { kind: 'done' }, report);
    const start = html.indexOf('data-testid="report-scope"');
    const scope = html.slice(start, html.indexOf('</section>', start));
    expect(scope).toContain(`<li>${line.replace("'", '&#x27;')}</li>`);
    expect(scope.match(/<li>The internet/g)).toHaveLength(1);
  });

  it('names each source by whose it is, and a collection document by its title and collection', () => {
    const html = view('similarity', { kind: 'done' }, SCOPED);
    expect(html).toContain('<span class="report-source__title">Your check “My draft” of 25 Nov 2026</span>');
    expect(html).toContain('<span class="report-source__title">A document checked in your organisation</span>');
    expect(html).toContain('<span class="report-source__title">A document submitted to Veritext on 20 Nov 2026</span>');
    expect(html).toContain('<span class="report-source__type">Reference collection: Maritime history</span>');
    expect(html).toContain('<span class="report-source__title">lighthouses.txt</span>');
    expect(html).not.toContain('Veritext database');
  });

  it('highlights linked nodes and items, and leaves disabled sources plain', () => {
    const text = renderToStaticMarkup(
      <SimilarityText nodes={REPORT.plagiarism.nodes} disabled={new Set()} highlighted={new Set([2])} lockedNode={2} />,
    );
    expect(text).toMatch(
      /<mark class="report-node report-node--changed is-highlighted" style="[^"]*" data-colour="1" data-node="2"[^>]*aria-pressed="true"/,
    );
    const disabled = renderToStaticMarkup(
      <SimilarityText
        nodes={REPORT.plagiarism.nodes}
        disabled={new Set([itemKey('source', 1)])}
        highlighted={new Set([1])}
        lockedNode={null}
      />,
    );
    expect(disabled).toContain('<span>Water carves the rock slowly. </span>');
    expect(disabled).toContain('report-node--changed');
    // source 1 left out: the changed passage takes the colour of its other source, 2
    expect(disabled).toMatch(/report-node--changed" style="--source-colour:var\(--color-source-2\)" data-colour="2"/);
    const list = renderToStaticMarkup(
      <SourceList
        kind="source"
        items={REPORT.plagiarism.sources}
        language="en"
        disabled={new Set([itemKey('source', 2)])}
        highlighted={new Set([1])}
        locked={1}
      />,
    );
    expect(list).toMatch(/class="report-source is-highlighted" style="[^"]*" data-colour="1" data-item="source:1"/);
    expect(list).toMatch(/class="report-source is-disabled" style="[^"]*" data-colour="2" data-item="source:2"/);
    expect(list).toContain('aria-pressed="true"');
  });

  it('shows the progress view with a progress bar and a live message until it finishes', () => {
    const html = screen({ document: { kind: 'loading' }, ai: { kind: 'waiting' } }, { progress: INITIAL_PROGRESS });
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="10"/);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('Extracting text…');
    expect(html).not.toContain('report-source');
    const stillShowing = screen(READY, { progress: { step: 9, isReady: true, isFinished: false } });
    expect(stillShowing).toContain('Finishing the report…');
    expect(stillShowing).toMatch(/aria-valuenow="100"/);
  });

  it('shows the errors: the document error, a generic one, and the timeout', () => {
    expect(screen({ document: { kind: 'failed', message: 'Check failed.' }, ai: { kind: 'waiting' } })).toContain(
      'Check failed.',
    );
    expect(screen({ document: { kind: 'failed', message: null }, ai: { kind: 'waiting' } })).toContain(
      'Something went wrong.',
    );
    const timeout = screen({ document: { kind: 'timeout' }, ai: { kind: 'waiting' } });
    expect(timeout).toContain('role="alert"');
    expect(timeout).toContain('The report is taking too long.');
  });

  it('reads in Spanish too', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = renderToStaticMarkup(
        <ReportScreen
          documentId={42}
          load={READY}
          progress={FINISHED}
          isGuest
          language="es"
          onSignup={() => undefined}
        />,
      );
      expect(html).toContain('Informe de similitud<span class="visually-hidden">: </span>');
      expect(html).toContain('Revisión n.º\u00a042');
      expect(html).toContain('62,50\u00a0%');
      expect(html).toContain('Similitud muy alta');
      expect(html).toContain('La similitud no prueba el plagio');
      expect(html).toContain('Parece escrito por IA');
      expect(html).toContain('Similitud total');
      const scoped = renderToStaticMarkup(<ReportView report={SCOPED} ai={{ kind: 'offer' }} language="es" />);
      expect(scoped).toContain('Comparado con');
      expect(scoped).toContain('<li>1234 documentos revisados en Veritext</li>');
      expect(scoped).toContain('Internet: no se ha buscado');
      expect(scoped).toContain('Tu revisión «My draft» del 25 nov 2026');
      expect(scoped).toContain('Un documento revisado en tu organización');
      expect(scoped).toContain('Un documento enviado a Veritext el 20 nov 2026');
      expect(scoped).toContain('Colección de referencia: Maritime history');
      expect(scoped).toContain('Sin revisar');
      expect(scoped).toContain(
        '<li>Internet: no se ha buscado (este servicio no tiene configurado ningún proveedor de búsqueda)</li>',
      );
      const searched = { ...SCOPED.compared_with, internet: { searched: true, reason: null, queries: 1, pages: 12 } };
      const web = renderToStaticMarkup(
        <ReportView
          report={{ ...WEB, compared_with: searched } as SimilarityReport}
          ai={{ kind: 'done' }}
          language="es"
        />,
      );
      expect(web).toContain('<li>Internet: se ha buscado (12 páginas comparadas, encontradas con 1 búsqueda)</li>');
      expect(web).toContain('<span class="report-source__type">Fuente de internet</span>');
      expect(web).toContain('<span class="report-source__fetched">Descargada el 26 nov 2026</span>');
      expect(web).toContain('(se abre en una pestaña nueva)');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('ReportProgress', () => {
  it('shows the step it is on', () => {
    const html = renderToStaticMarkup(<ReportProgress state={{ step: 4, isReady: false, isFinished: false }} />);
    expect(html).toContain('aria-valuenow="50"');
    expect(html).toContain('Step 5 of 10');
  });

  it("names the internet's stages only where the service searches it", () => {
    const messages = (internet: boolean): string[] =>
      Array.from({ length: 10 }, (_, step) => {
        const html = renderToStaticMarkup(
          <ReportProgress state={{ step, isReady: false, isFinished: false }} internet={internet} />,
        );
        expect(html).toContain(`Step ${String(step + 1)} of 10`);
        return /aria-live="polite" aria-atomic="true">([^<]*)</.exec(html)?.[1] ?? '';
      });
    const searched = messages(true);
    expect(searched[1]).toBe('Searching the internet for pages like your text…');
    expect(searched[6]).toBe('Comparing your text with the pages found…');
    expect(searched.filter((message) => /internet|pages found/.test(message))).toHaveLength(2);
    expect(messages(false).filter((message) => /internet|pages/.test(message))).toEqual([]);
  });
});
