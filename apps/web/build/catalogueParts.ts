import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The cut of the translation catalogues into a first-load part and the rest (vite.config.ts makes each a
 * chunk: src/i18n/parts/en-core.ts, en-rest.ts, es-core.ts, es-rest.ts). The first-load part holds every key that the
 * modules main.tsx imports statically (followed from file to file) name: a key written out ('home.title'),
 * with its plural forms and anything under it, and every key under a prefix the code completes
 * (`errors.${code}`, 'home.step' + n). The rest arrives with the first chunk that loads on demand
 * (app/lazyComponent.ts); a key missing all the same fetches it at once (i18n/index.ts).
 */

type Catalogue = { [key: string]: string | Catalogue };

export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flattenCatalogue(value, full)) out.set(k, v);
  }
  return out;
}

function unflatten(entries: Iterable<[string, string]>): Catalogue {
  const root: Catalogue = {};
  for (const [key, value] of entries) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    }
    node[parts.at(-1) ?? key] = value;
  }
  return root;
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The source files main.tsx reaches through static imports (type-only imports aside). */
export function staticallyImported(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [path.resolve(entry)];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      if (/\.(tsx?|jsx?)$/.test(target)) queue.push(target);
    }
  }
  return [...seen];
}

/** The keys (and key prefixes) a source names: string literals that start with a catalogue namespace. */
export function keysNamedIn(
  source: string,
  namespaces: ReadonlySet<string>,
): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const match of source.matchAll(/(['"`])([A-Za-z]\w*\.[\w.]*)/g)) {
    const [whole, quote, literal = ''] = match;
    if (!namespaces.has(literal.split('.')[0] ?? '')) continue;
    const after = source.slice(match.index + whole.length);
    const closes = after.startsWith(quote ?? '');
    const isConcatenated = /^.\s*\+/.test(after);
    if (closes && !isConcatenated && !literal.endsWith('.')) keys.add(literal);
    else prefixes.add(literal);
  }
  return { keys, prefixes };
}

/** The catalogue keys of the first load: those the statically imported sources name. */
export function firstLoadKeys(entry: string, catalogue: Catalogue): Set<string> {
  const flat = flattenCatalogue(catalogue);
  const namespaces = new Set(Object.keys(catalogue));
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of staticallyImported(entry)) {
    const named = keysNamedIn(readFileSync(file, 'utf8'), namespaces);
    for (const key of named.keys) keys.add(key);
    for (const prefix of named.prefixes) prefixes.add(prefix);
  }
  const core = new Set<string>();
  for (const key of flat.keys()) {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
    if (keys.has(base)) core.add(key);
    else if ([...keys].some((named) => key.startsWith(`${named}.`))) core.add(key);
    else if ([...prefixes].some((prefix) => key.startsWith(prefix))) core.add(key);
  }
  return core;
}

/** One part of a catalogue: the first-load keys, or the others. */
export function cataloguePart(catalogue: Catalogue, core: ReadonlySet<string>, part: 'core' | 'rest'): Catalogue {
  return unflatten([...flattenCatalogue(catalogue)].filter(([key]) => core.has(key) === (part === 'core')));
}
