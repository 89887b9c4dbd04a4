import type { KeyValueStore } from '../session/storage.ts';

/** Local-storage key of a guest's pending text check (check-tool.md §3, §4). */
export const FIRST_CHECK_KEY = 'firstCheck';

/** A pending check: a text only (files are not kept), and whether the user kept it out of the index. */
export type FirstCheck = { text: string; language: 'en' | 'es'; excludeFromIndex?: boolean };

export function saveFirstCheck(store: KeyValueStore, check: FirstCheck): void {
  store.setItem(FIRST_CHECK_KEY, JSON.stringify(check));
}

export function readFirstCheck(store: KeyValueStore): FirstCheck | null {
  const raw = store.getItem(FIRST_CHECK_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { text, language, excludeFromIndex } = value as Record<string, unknown>;
    if (typeof text !== 'string' || text.trim() === '') return null;
    return {
      text,
      language: language === 'es' ? 'es' : 'en',
      ...(excludeFromIndex === true ? { excludeFromIndex: true } : {}),
    };
  } catch {
    return null;
  }
}

export function clearFirstCheck(store: KeyValueStore): void {
  store.removeItem(FIRST_CHECK_KEY);
}

/**
 * Takes the pending check out of storage (so it is submitted once): a logged-in session submits it
 * automatically after login or registration. An unreadable entry is removed too.
 */
export function takeFirstCheck(store: KeyValueStore): FirstCheck | null {
  const check = readFirstCheck(store);
  clearFirstCheck(store);
  return check;
}

/** Local-storage key of a guest's pending AI check (check-tool.md §3, §4). */
export const FIRST_AI_CHECK_KEY = 'firstAiCheck';

/** Keeps a guest's AI check (a text only) for after sign-up. */
export function saveFirstAiCheck(store: KeyValueStore, text: string): void {
  store.setItem(FIRST_AI_CHECK_KEY, JSON.stringify({ text }));
}

/** Takes the pending AI check out of storage (submitted once, after login or registration). */
export function takeFirstAiCheck(store: KeyValueStore): string | null {
  const raw = store.getItem(FIRST_AI_CHECK_KEY);
  store.removeItem(FIRST_AI_CHECK_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { text } = value as Record<string, unknown>;
    return typeof text === 'string' && text.trim() !== '' ? text : null;
  } catch {
    return null;
  }
}
