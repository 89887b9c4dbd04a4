import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../session/storage.ts';
import {
  FIRST_CHECK_KEY,
  clearFirstCheck,
  readFirstCheck,
  saveFirstAiCheck,
  saveFirstCheck,
  takeFirstAiCheck,
  takeFirstCheck,
} from './firstCheck.ts';
import { GroupListSchema, parseGroup } from './groups.ts';
import { group } from './testGroups.ts';

describe('the pending first check', () => {
  it('is kept as firstCheck in storage and taken once', () => {
    const store = createMemoryStore();
    saveFirstCheck(store, { text: 'my essay', language: 'es' });
    expect(JSON.parse(store.dump()[FIRST_CHECK_KEY] ?? '')).toEqual({ text: 'my essay', language: 'es' });
    expect(readFirstCheck(store)).toEqual({ text: 'my essay', language: 'es' });
    expect(takeFirstCheck(store)).toEqual({ text: 'my essay', language: 'es' });
    expect(takeFirstCheck(store)).toBeNull();
    expect(store.dump()).toEqual({});
  });

  it('keeps the choice to stay out of the index', () => {
    const store = createMemoryStore();
    saveFirstCheck(store, { text: 'my essay', language: 'en', excludeFromIndex: true });
    expect(takeFirstCheck(store)).toEqual({ text: 'my essay', language: 'en', excludeFromIndex: true });
  });

  it('ignores and removes what it cannot read', () => {
    const store = createMemoryStore({ [FIRST_CHECK_KEY]: 'not json' });
    expect(takeFirstCheck(store)).toBeNull();
    expect(store.dump()).toEqual({});
    store.setItem(FIRST_CHECK_KEY, JSON.stringify({ text: '   ' }));
    expect(readFirstCheck(store)).toBeNull();
    store.setItem(FIRST_CHECK_KEY, JSON.stringify({ text: 'x', language: 'fr' }));
    expect(readFirstCheck(store)).toEqual({ text: 'x', language: 'en' });
    clearFirstCheck(store);
    expect(store.dump()).toEqual({});
  });
});

describe('the groups list', () => {
  it('reads the groups and drops malformed ones', () => {
    const good = group({ id: 8 });
    const parsed = GroupListSchema.safeParse({ success: true, data: { groups: [good, { id: 'x' }] } });
    expect(parsed).toEqual({ success: true, data: [good] });
    expect(GroupListSchema.safeParse({ success: true })).toEqual({ success: false });
    expect(parseGroup({ ...good, hide_new_check_for_student: 'yes' })).toBeNull();
    expect(parseGroup({ ...good, group_balance: { balance: 1 } })).toBeNull();
  });
});

describe('the pending AI check (firstAiCheck)', () => {
  it('is kept for after sign-up and taken once', () => {
    const store = createMemoryStore();
    saveFirstAiCheck(store, 'A text the guest could not check for AI.');
    expect(store.getItem('firstAiCheck')).not.toBeNull();
    expect(takeFirstAiCheck(store)).toBe('A text the guest could not check for AI.');
    expect(takeFirstAiCheck(store)).toBeNull();
  });

  it('drops an unreadable or empty entry', () => {
    const store = createMemoryStore();
    store.setItem('firstAiCheck', '{not json');
    expect(takeFirstAiCheck(store)).toBeNull();
    store.setItem('firstAiCheck', JSON.stringify({ text: '  ' }));
    expect(takeFirstAiCheck(store)).toBeNull();
    expect(store.getItem('firstAiCheck')).toBeNull();
  });
});
