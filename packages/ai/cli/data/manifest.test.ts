import { describe, expect, it } from 'vitest';
import { dep5Licenses } from './debian.ts';
import { readme, summaryTable, type Manifest, type SetManifest } from './manifest.ts';

const bible: SetManifest = {
  name: 'bible',
  file: 'bible.jsonl',
  description: 'Two old translations.',
  licence: 'Public domain.',
  languages: {
    es: { passages: 2, words: 700, domains: { religious: 2 } },
    en: { passages: 3, words: 1200, domains: { religious: 3 } },
  },
  packages: [
    {
      name: 'bible-kjv-text',
      version: '4.38',
      role: 'text',
      copyright: { path: '/usr/share/doc/bible-kjv-text/copyright', licenses: null },
      files: ['/usr/lib/bible.data'],
      what: 'King James Version',
    },
    { name: 'bible-kjv', version: '4.38', role: 'tool', copyright: null, files: [] },
    {
      name: 'sword-text-sparv',
      version: '2.60-1',
      role: 'text',
      copyright: { path: '/usr/share/doc/sword-text-sparv/copyright', licenses: ['public-domain'] },
      files: ['/a', '/b'],
    },
  ],
  skipped: [],
  dropped: { duplicate: 1, otherLanguage: 0, overCap: 12 },
};
const legal: SetManifest = {
  ...bible,
  name: 'legal',
  file: 'legal.jsonl',
  description: 'Licences.',
  licence: 'Verbatim copying permitted.',
  languages: { en: { passages: 10, words: 3000, domains: { legal: 10 } } },
  packages: [],
  skipped: [{ package: 'debian-history', what: 'the Debian Constitution' }],
};

describe('summaryTable', () => {
  it('lists every set and language and totals per language', () => {
    expect(summaryTable([bible, legal]).split('\n')).toEqual([
      '| set | lang | passages | words |',
      '|---|---|---:|---:|',
      '| bible | en | 3 | 1,200 |',
      '| bible | es | 2 | 700 |',
      '| legal | en | 10 | 3,000 |',
      '| **all** | en | 13 | 4,200 |',
      '| **all** | es | 2 | 700 |',
    ]);
  });
});

describe('readme', () => {
  it('states provenance, licence and what was skipped or dropped, per set', () => {
    const manifest: Manifest = {
      format: 'veritext-ai-data-local/1',
      rowFormat: '{"id", "text", "label", "lang", "source", "domain", "generator"}',
      cut: { minWords: 150, maxWords: 600, minChars: 250, joiner: '\n\n', capPerLanguage: 3000, seed: 5 },
      sets: [bible, legal],
    };
    const text = readme(manifest);
    expect(text).toContain('150-600 words');
    expect(text).toContain('At most 3,000 passages per set and language');
    expect(text).toContain(summaryTable([bible, legal]));
    expect(text).toContain('- `bible-kjv-text` 4.38, 1 file read: King James Version');
    expect(text).toContain('- `bible-kjv` 4.38, tool');
    expect(text).toContain('- `sword-text-sparv` 2.60-1, 2 files read (copyright file licences: public-domain)');
    expect(text).toContain('- Licence: Public domain.');
    expect(text).toContain('- Domains: en/religious: 3; es/religious: 2');
    expect(text).toContain('- Dropped: 1 duplicates, 0 in another language, 12 over the cap');
    expect(text).toContain('- Skipped, `debian-history` not installed: the Debian Constitution');
    expect(text.indexOf('### `bible.jsonl`')).toBeLessThan(text.indexOf('### `legal.jsonl`'));
  });
});

describe('dep5Licenses', () => {
  it('lists the licences of a machine-readable copyright file once each, and nothing for a free-form one', () => {
    const dep5 = [
      'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
      '',
      'Files: *',
      'License: GPL-2+',
      '',
      'Files: debian/*',
      'License: GPL-2+',
      '',
      'Files: po/*',
      'License:   CC-BY-SA-3.0',
      ' The text of the licence follows.',
    ].join('\n');
    expect(dep5Licenses(dep5)).toEqual(['GPL-2+', 'CC-BY-SA-3.0']);
    expect(dep5Licenses('This package was debianized by someone.\nLicense: GPL\n')).toBeNull();
  });
});
