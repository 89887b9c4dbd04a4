import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cataloguePart,
  firstLoadKeys,
  flattenCatalogue,
  keysNamedIn,
  staticallyImported,
} from '../../build/catalogueParts.ts';
import en from './en.json';
import { mergeParts } from './index.ts';
import no from './no.json';

const MAIN = fileURLToPath(new URL('../main.tsx', import.meta.url));
const NAMESPACES = new Set(Object.keys(en));

describe('the first-load part of the catalogues', () => {
  it('reads keys, completed prefixes and concatenations from source text', () => {
    const named = keysNamedIn(
      "t('home.title'); t(`errors.${code}`); t('check.step' + n); t(\"footer.rights\"); 'not.a.key'; `home.lead`",
      NAMESPACES,
    );
    expect([...named.keys].sort()).toEqual(['footer.rights', 'home.lead', 'home.title']);
    expect([...named.prefixes].sort()).toEqual(['check.step', 'errors.']);
  });

  it('follows the static imports of main.tsx, not the on-demand ones', () => {
    const files = staticallyImported(MAIN).map((file) => file.replaceAll('\\', '/'));
    expect(files.some((file) => file.endsWith('/app/Layout.tsx'))).toBe(true);
    expect(files.some((file) => file.endsWith('/check/CheckForm.tsx'))).toBe(true);
    // Loaded on demand: the members page and the report modal.
    expect(files.some((file) => file.endsWith('/members/MembersPage.tsx'))).toBe(false);
    expect(files.some((file) => file.endsWith('/report/ReportModal.tsx'))).toBe(false);
  });

  it('holds what the first screen says, and leaves the on-demand pages to the rest', () => {
    const core = firstLoadKeys(MAIN, en);
    expect(core.has('header.login')).toBe(true);
    expect(core.has('common.loading')).toBe(true);
    // errors.* is named with a computed suffix: all of it comes along.
    const errors = [...flattenCatalogue(en).keys()].filter((key) => key.startsWith('errors.'));
    expect(errors.every((key) => core.has(key))).toBe(true);
    expect([...core].some((key) => key.startsWith('members.'))).toBe(false);
    expect([...core].some((key) => key.startsWith('report.'))).toBe(false);
  });

  it('cuts a catalogue into two parts that together are the whole', () => {
    const core = firstLoadKeys(MAIN, en);
    const first = flattenCatalogue(cataloguePart(en, core, 'core'));
    const rest = flattenCatalogue(cataloguePart(en, core, 'rest'));
    const whole = flattenCatalogue(en);
    expect(first.size + rest.size).toBe(whole.size);
    for (const [key, value] of whole) expect(first.get(key) ?? rest.get(key)).toBe(value);
    expect(first.size).toBeGreaterThan(100);
    expect(rest.size).toBeGreaterThan(first.size);
  });

  it('puts the two parts together again key by key, in every language (a switch loads both at once)', () => {
    const core = firstLoadKeys(MAIN, en);
    for (const catalogue of [en, no]) {
      const merged = mergeParts(cataloguePart(catalogue, core, 'core'), cataloguePart(catalogue, core, 'rest'));
      expect(flattenCatalogue(merged as Parameters<typeof flattenCatalogue>[0])).toEqual(flattenCatalogue(catalogue));
    }
    // 'common' has keys in both parts: neither replaces the other
    const common = [...flattenCatalogue(en).keys()].filter((key) => key.startsWith('common.'));
    expect(common.some((key) => core.has(key))).toBe(true);
    expect(common.some((key) => !core.has(key))).toBe(true);
  });
});
