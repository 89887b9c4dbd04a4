import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportSource, SimilarityReport, SourcePassageResponse } from '@veritext/contracts';
import { i18next, initI18n } from '../../i18n/index.ts';
import {
  DEFAULT_SETTINGS_INPUT,
  isDefaultSettings,
  ReportSettingsFields,
  settingsProblems,
} from '../../check/ReportSettingsFields.tsx';
import { reportSettingsFields } from '../../api/reportSettings.ts';
import { node } from '../nodes.test-data.ts';
import { ReportSettingsPanel } from './ReportSettingsPanel.tsx';
import { SideBySideBody } from './SideBySideDialog.tsx';
import {
  excludedReasonKey,
  findSource,
  mayComment,
  passageSources,
  reportIdOf,
  reportPath,
  settingsInputOf,
} from './reportPage.ts';

function source(id: number, key: string, name: string): ReportSource {
  return {
    id,
    enabled: true,
    source: name,
    link: { name },
    sourceType: 'ref:books',
    index: [{ type: 'general', db_id: key }],
    percent: 10,
    identical: 10,
    changedIndex: 0,
  };
}

const REPORT: Pick<SimilarityReport, 'plagiarism'> = {
  plagiarism: {
    nodes: [],
    sources: [source(1, 'ref:a', 'Alpha'), source(2, 'check:9', 'Beta')],
    quSources: [source(1, 'ref:q', 'Quoted')],
    reSources: [source(1, 'ref:a', 'Alpha')],
    length: 100,
    percents: { total: 20, source: 30, identical: 20, 'changed-index': 0, quote: 10, reference: 0 },
  },
};

describe('the report page address', () => {
  it('is /profile/report/{id} with its /es and /no twins', () => {
    expect(reportPath(12, 'en')).toBe('/profile/report/12');
    expect(reportPath(12, 'es')).toBe('/es/profile/report/12');
    expect(reportPath(12, 'no')).toBe('/no/profile/report/12');
  });

  it('reads a positive id only', () => {
    expect(reportIdOf('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-3', '4.5', 'abc', '99999999999']) expect(reportIdOf(bad)).toBeNull();
  });
});

describe('settings', () => {
  it('edits the report’s settings as the form shows them', () => {
    expect(settingsInputOf(undefined)).toEqual(DEFAULT_SETTINGS_INPUT);
    expect(
      settingsInputOf({
        exclude_below_percent: 2.5,
        exclude_self_plagiarism: true,
        custom_author: 'Dora',
        include_quotes: true,
        include_references: false,
        ignored_sources: ['ref:a'],
      }),
    ).toEqual({
      excludeBelowPercent: '2.5',
      excludeSelfPlagiarism: true,
      customAuthor: 'Dora',
      includeQuotes: true,
      includeReferences: false,
    });
  });

  it('sends only what is set, as the server reads it', () => {
    expect(reportSettingsFields(DEFAULT_SETTINGS_INPUT)).toEqual({
      exclude_below_percent: undefined,
      exclude_self_plagiarism: undefined,
      custom_author: undefined,
      include_quotes: undefined,
      include_references: undefined,
    });
    expect(
      reportSettingsFields({
        excludeBelowPercent: ' 5 ',
        excludeSelfPlagiarism: true,
        customAuthor: ' Dora ',
        includeQuotes: true,
        includeReferences: true,
      }),
    ).toEqual({
      exclude_below_percent: '5',
      exclude_self_plagiarism: '1',
      custom_author: 'Dora',
      include_quotes: '1',
      include_references: '1',
    });
  });

  it('finds the spec’s field problems and knows the defaults', () => {
    expect(settingsProblems(DEFAULT_SETTINGS_INPUT)).toEqual({});
    expect(isDefaultSettings(DEFAULT_SETTINGS_INPUT)).toBe(true);
    expect(isDefaultSettings({ ...DEFAULT_SETTINGS_INPUT, excludeBelowPercent: '0' })).toBe(true);
    expect(isDefaultSettings({ ...DEFAULT_SETTINGS_INPUT, includeQuotes: true })).toBe(false);
    expect(settingsProblems({ ...DEFAULT_SETTINGS_INPUT, excludeSelfPlagiarism: true, customAuthor: '  ' })).toEqual({
      customAuthor: 'checkSettings.errors.customAuthorEmpty',
    });
    expect(settingsProblems({ ...DEFAULT_SETTINGS_INPUT, customAuthor: 'x'.repeat(101) })).toEqual({
      customAuthor: 'checkSettings.errors.customAuthorLong',
    });
    for (const percent of ['101', '-1', 'ten', '1.234']) {
      expect(settingsProblems({ ...DEFAULT_SETTINGS_INPUT, excludeBelowPercent: percent })).toEqual({
        excludeBelowPercent: 'checkSettings.errors.percent',
      });
    }
    expect(settingsProblems({ ...DEFAULT_SETTINGS_INPUT, excludeBelowPercent: '2,5' })).toEqual({});
  });
});

describe('sources and roles', () => {
  it('lets an organisation’s owner and teachers comment, not students or personal checks', () => {
    const groups = [
      { id: 1, current_user_role: 1 },
      { id: 2, current_user_role: 2 },
      { id: 3, current_user_role: 3 },
    ];
    expect([1, 2, 3, 4].map((id) => mayComment(id, groups))).toEqual([true, true, false, false]);
    expect(mayComment(null, groups)).toBe(false);
  });

  it('offers a passage’s sources once each, its colour’s first', () => {
    expect(passageSources(REPORT, node({ sources: [2, 1], quotes: [1], references: [1] }))).toEqual([
      { key: 'check:9', name: 'Beta', id: 2 },
      { key: 'ref:a', name: 'Alpha', id: 1 },
      { key: 'ref:q', name: 'Quoted', id: 1 },
    ]);
    expect(passageSources(REPORT, node({}))).toEqual([]);
    expect(findSource(REPORT, 'ref:q')?.link.name).toBe('Quoted');
    expect(findSource(REPORT, 'nope')).toBeNull();
    expect(excludedReasonKey('below')).toBe('reportPage.excluded.below');
  });
});

describe('rendered', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
  });

  it('the settings fields show the custom author and its error when self-plagiarism is excluded', () => {
    const html = renderToStaticMarkup(
      <ReportSettingsFields
        idPrefix="s"
        value={{ ...DEFAULT_SETTINGS_INPUT, excludeSelfPlagiarism: true }}
        onChange={() => undefined}
        errors={{ customAuthor: 'Custom author cannot be empty' }}
      />,
    );
    expect(html).toContain('Exclude self-plagiarism');
    expect(html).toContain('name="custom_author"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Custom author cannot be empty');
    const plain = renderToStaticMarkup(
      <ReportSettingsFields idPrefix="s" value={DEFAULT_SETTINGS_INPUT} onChange={() => undefined} />,
    );
    expect(plain).not.toContain('name="custom_author"');
    expect(plain).toContain('Include quotes in the similarity');
  });

  it('the panel applies with a progress indicator, is read-only for others, says when it cannot apply', () => {
    const props = {
      settings: undefined,
      error: null,
      onApply: () => undefined,
      onClose: () => undefined,
    };
    const applying = renderToStaticMarkup(<ReportSettingsPanel {...props} applicable canChange isApplying />);
    expect(applying).toContain('Recomputing…');
    expect(applying).toContain('class="spinner');
    expect(applying).toContain('aria-busy="true"');
    const readOnly = renderToStaticMarkup(
      <ReportSettingsPanel {...props} applicable canChange={false} isApplying={false} />,
    );
    expect(readOnly).toContain('Only the author of this check');
    expect(readOnly).not.toContain('data-testid="report-settings-apply"');
    const old = renderToStaticMarkup(
      <ReportSettingsPanel {...props} applicable={false} canChange isApplying={false} />,
    );
    expect(old).toContain('made before report settings existed');
  });

  it('side by side: the passage beside the source’s, or only the passage for a private source', () => {
    const data: SourcePassageResponse['data'] = {
      source: { db_id: 'check:9', name: 'A document submitted to Veritext', sourceType: 'checked' },
      visible: false,
      reason: 'private',
      passages: [
        {
          kind: 'identical',
          start: 10,
          end: 20,
          checked: { before: 'before ', text: 'the copied words', after: ' after' },
          source: null,
        },
      ],
    };
    const hidden = renderToStaticMarkup(<SideBySideBody data={data} />);
    expect(hidden).toContain('another user&#x27;s private document');
    expect(hidden).toContain('the copied words');
    expect(hidden).toContain('The source’s text is not shown.');
    const shown = renderToStaticMarkup(
      <SideBySideBody
        data={{
          ...data,
          visible: true,
          reason: null,
          passages: [{ ...data.passages[0]!, source: { before: '', text: 'the original words', after: '' } }],
        }}
      />,
    );
    expect(shown).toContain('the original words');
    expect(shown).not.toContain('private document');
  });
});
