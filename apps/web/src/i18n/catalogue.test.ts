import { describe, expect, it } from 'vitest';
import { ERRORS, PASSWORD_STRENGTH_LEVELS, isEmailHeading } from '@veritext/contracts';
import en from './en.json';
import es from './es.json';
import no from './no.json';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(en);
const esKeys = flatten(es);
const noKeys = flatten(no);
/** Every interface language's catalogue (Norwegian bokmål: 'no', the cabinet's third language). */
const CATALOGUES = { en: enKeys, es: esKeys, no: noKeys } as const;
const PLURAL_SUFFIXES = ['_one', '_many', '_other'];

function existsIn(catalogue: Map<string, string>, key: string): boolean {
  return catalogue.has(key) || PLURAL_SUFFIXES.some((suffix) => catalogue.has(key + suffix));
}

function existsInEnglish(key: string): boolean {
  return existsIn(enKeys, key);
}

/** Which languages lack a key (its plural forms count). */
function missingIn(key: string): string[] {
  return Object.entries(CATALOGUES)
    .filter(([, catalogue]) => !existsIn(catalogue, key))
    .map(([lang]) => lang);
}

/** What i18next fills in or nests in a text: {{name}} placeholders, <tag> components, $t() nestings. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}|<\/?([a-zA-Z0-9]+)\s*\/?>|\$t\(([^)]*)\)/g)]
    .map((match) =>
      match[1] !== undefined ? `{{${match[1]}}}` : match[2] !== undefined ? `<${match[2]}>` : `$t(${match[3] ?? ''})`,
    )
    .sort();
}

/** Every source file of the client, as text (Vite's glob import; no Node APIs needed). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation catalogues', () => {
  it('en, es and no have exactly the same keys', () => {
    expect([...esKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    expect([...noKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no translation is empty', () => {
    for (const [key, value] of [...enKeys, ...esKeys, ...noKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('every translation has the same placeholders, components and nestings as the English text', () => {
    const differ: string[] = [];
    for (const [key, value] of enKeys) {
      const expected = placeholdersOf(value).join(' ');
      for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
        const text = catalogue.get(key);
        if (text !== undefined && placeholdersOf(text).join(' ') !== expected) differ.push(`${lang} ${key}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('reads placeholders, components and nestings', () => {
    expect(placeholdersOf('<here>{{count, number}} pages</here> of $t(common.appName) for {{ name }}')).toEqual([
      '$t(common.appName)',
      '<here>',
      '<here>',
      '{{count}}',
      '{{name}}',
    ]);
  });

  it('Norwegian is translated, not copied (apart from names, symbols and words Norwegian shares)', () => {
    const same = [...enKeys].filter(([key, value]) => noKeys.get(key) === value).map(([key]) => key);
    expect(same.filter((key) => !NORWEGIAN_AS_ENGLISH.has(key))).toEqual([]);
  });

  it('Spanish is translated, not copied (apart from names and symbols)', () => {
    const same = [...enKeys].filter(([key, value]) => esKeys.get(key) === value).map(([key]) => key);
    const allowed = new Set([
      'common.appName',
      'language.en',
      'language.es',
      'language.no',
      'footer.blog',
      'footer.rights',
      'pages.blog.title',
      'auth.signup.individual',
    ]);
    expect(same.filter((key) => !allowed.has(key))).toEqual([]);
  });

  it('every error code of the contracts has a translation in en, es and no, and every strength level in en', () => {
    for (const code of Object.keys(ERRORS)) expect(missingIn(`errors.${code}`), code).toEqual([]);
    PASSWORD_STRENGTH_LEVELS.forEach((level, index) => {
      expect(enKeys.get(`password.levels.${String(index)}`)).toBe(level);
    });
  });

  it("the members' sample file of every language has a heading row the server skips", () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      expect(isEmailHeading(catalogue.get('members.upload.sampleHeader.email') ?? ''), lang).toBe(true);
    }
    expect(isEmailHeading('someone@example.com')).toBe(false);
    expect(isEmailHeading('epost@example.no')).toBe(false);
  });

  it('the scan sees the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it("every t('key') literal (and every key-shaped string literal) used in src exists in en, es and no", () => {
    const namespaces = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      // t('a.b') calls, plus any quoted string that starts with a catalogue namespace (keys passed around).
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const key = match[1] ?? '';
        const lacking = missingIn(key);
        if (lacking.length > 0) missing.push(`${file}: ${key} (${lacking.join(', ')})`);
      }
      for (const match of text.matchAll(/'([a-zA-Z]+(?:\.[\w]+)+)'/g)) {
        const key = match[1] ?? '';
        const namespace = key.split('.')[0] ?? '';
        if (namespaces.has(namespace) && !key.endsWith('.ts') && !key.endsWith('.tsx') && !existsInEnglish(key)) {
          missing.push(`${file}: ${key}`);
        } else if (namespaces.has(namespace) && existsInEnglish(key) && missingIn(key).length > 0) {
          missing.push(`${file}: ${key} (${missingIn(key).join(', ')})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('uses no t() calls with template literals except the error helper', () => {
    const offenders = Object.entries(sources)
      .filter(([file, text]) => /\bt\(\s*`/.test(text) && !file.endsWith('errorText.ts'))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

/** Texts that read the same in Norwegian: names, symbols and words the languages share. */
const NORWEGIAN_AS_ENGLISH = new Set<string>([
  'common.appName',
  'common.ok',
  'language.en',
  'language.es',
  'language.no',
  'footer.rights',
  'documents.column.status',
  'portal.roles.student',
  'portal.roles.blogger',
  'invites.roles.student',
  'commerce.sandbox.monthPlaceholder',
  'commerce.sandbox.cvc',
  'members.roles.admin',
  'members.roles.student',
  'members.table.status',
  'mySubscription.forOrganisation',
  'billing.transactions.type',
  'billing.transactions.sum',
  'billing.types.bonus',
  'billing.by.administrator',
  'billing.by.system',
  'billing.invoices.pdf',
  'billing.invoices.forOrganisation',
  'statistics.recent.status',
]);
