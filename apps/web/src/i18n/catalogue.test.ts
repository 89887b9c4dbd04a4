import { describe, expect, it } from 'vitest';
import { ERRORS, PASSWORD_STRENGTH_LEVELS } from '@veritext/contracts';
import en from './en.json';
import es from './es.json';

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
const PLURAL_SUFFIXES = ['_one', '_many', '_other'];

function existsInEnglish(key: string): boolean {
  return enKeys.has(key) || PLURAL_SUFFIXES.some((suffix) => enKeys.has(key + suffix));
}

/** Every source file of the client, as text (Vite's glob import; no Node APIs needed). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation catalogues', () => {
  it('en and es have exactly the same keys', () => {
    expect([...esKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no translation is empty', () => {
    for (const [key, value] of [...enKeys, ...esKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('Spanish is translated, not copied (apart from names and symbols)', () => {
    const same = [...enKeys].filter(([key, value]) => esKeys.get(key) === value).map(([key]) => key);
    const allowed = new Set([
      'common.appName',
      'language.en',
      'language.es',
      'footer.blog',
      'footer.rights',
      'pages.blog.title',
      'auth.signup.individual',
    ]);
    expect(same.filter((key) => !allowed.has(key))).toEqual([]);
  });

  it('every error code of the contracts and every strength level has a translation', () => {
    for (const code of Object.keys(ERRORS)) expect(enKeys.has(`errors.${code}`), code).toBe(true);
    PASSWORD_STRENGTH_LEVELS.forEach((level, index) => {
      expect(enKeys.get(`password.levels.${String(index)}`)).toBe(level);
    });
  });

  it('the scan sees the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it("every t('key') literal (and every key-shaped string literal) used in src exists in en.json", () => {
    const namespaces = new Set(Object.keys(en));
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      // t('a.b') calls, plus any quoted string that starts with a catalogue namespace (keys passed around).
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const key = match[1] ?? '';
        if (!existsInEnglish(key)) missing.push(`${file}: ${key}`);
      }
      for (const match of text.matchAll(/'([a-zA-Z]+(?:\.[\w]+)+)'/g)) {
        const key = match[1] ?? '';
        const namespace = key.split('.')[0] ?? '';
        if (namespaces.has(namespace) && !key.endsWith('.ts') && !key.endsWith('.tsx') && !existsInEnglish(key)) {
          missing.push(`${file}: ${key}`);
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
