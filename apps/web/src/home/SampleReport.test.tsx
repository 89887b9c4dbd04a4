import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceColourSlot, type SiteLanguage } from '@veritext/contracts';
import { initI18n } from '../i18n/index.ts';
import { formatPercent } from '../i18n/format.ts';
import { SAMPLE_REPORTS, SampleReport } from './SampleReport.tsx';

async function render(lang: SiteLanguage): Promise<string> {
  await initI18n(lang);
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[lang === 'es' ? '/es/' : '/']}>
      <SampleReport />
    </MemoryRouter>,
  );
}

describe('the sample report', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it.each(['en', 'es'] as const)(
    'shows the similarity in the locale’s format, in the gauge and the summary (%s)',
    async (lang) => {
      const report = SAMPLE_REPORTS[lang];
      const html = await render(lang);
      const percent = formatPercent(report.percent, lang);
      expect(percent).toMatch(lang === 'es' ? /^\d+,\d\d\s%$/ : /^\d+\.\d\d\s%$/);
      expect(html).toContain('class="similarity-gauge"');
      expect(html).toContain(`${lang === 'es' ? 'Similitud' : 'Similarity'}: ${percent}`);
      expect(html).toContain(`class="sample-report__meaning">${lang === 'es' ? 'El ' : ''}${percent}`);
    },
  );

  it.each(['en', 'es'] as const)(
    'marks each matching passage in its source’s colour and lists the sources (%s)',
    async (lang) => {
      const report = SAMPLE_REPORTS[lang];
      const html = await render(lang);
      expect(report.language).toBe(lang);
      const marks = [
        ...html.matchAll(
          /<mark class="sample-mark sample-mark--(identical|changed)" data-colour="(\d)" data-sources="([\d ]+)" data-highlighted="false">/g,
        ),
      ];
      const matched = report.nodes.filter((node) => node.match !== null);
      expect(marks).toHaveLength(matched.length);
      marks.forEach((mark, index) => {
        const node = matched[index]!;
        expect(mark[1]).toBe(node.match);
        expect(mark[2]).toBe(String(sourceColourSlot(node.sources[0]!)));
        expect(mark[3]).toBe(node.sources.join(' '));
      });
      // every source is a button, in report order, with its colour number and its share
      const buttons = [
        ...html.matchAll(
          /<button type="button" class="sample-source__button" data-source="(\d+)" aria-pressed="false"/g,
        ),
      ];
      expect(buttons.map((button) => Number(button[1]))).toEqual(report.sources.map((source) => source.id));
      for (const source of report.sources) {
        expect(html).toContain(`data-colour="${sourceColourSlot(source.id)}" aria-hidden="true">${source.id}</span>`);
        expect(html).toContain(formatPercent(source.percent, lang));
      }
      // nothing highlighted until a source is pointed at
      expect(html).toContain('class="sample-report"');
      expect(html).not.toContain('is-highlighted');
    },
  );

  it('names the kind of each match for screen readers', async () => {
    const html = await render('en');
    expect(html).toMatch(/<span class="visually-hidden">Identical text, source \d: <\/span>/);
    expect(html).toMatch(/<span class="visually-hidden">Reworded text, source \d: <\/span>/);
  });
});
