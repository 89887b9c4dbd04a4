import { describe, expect, it, vi } from 'vitest';
import type { TextSubmitResponse, TextValidateResponse } from '@veritext/contracts';
import { countWords } from '@veritext/text';
import { ApiError } from '../api/client.ts';
import { withTextPageSpent } from '../session/guestCookie.ts';
import { sampleUser } from '../test/fixtures.ts';
import type { Account } from './account.ts';
import { needsSignup, sendFiles, startTextCheck, submitFirstCheck, type CheckFlowDeps } from './checkFlow.ts';
import { applyVerification, createFileItem, type FileItem } from './fileItems.ts';
import { group } from './testGroups.ts';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${String(i)}`).join(' ');

const valid = (pages: number): TextValidateResponse => ({
  success: true,
  pages,
  hash: 'hash-1',
  message: '',
  code: null,
});
const created = (id: number): TextSubmitResponse => ({
  success: true,
  message: 'ok',
  hash: 'h',
  data: { text: { id, state: 3 } },
});

function setup(accounts: Account[], validation: TextValidateResponse = valid(1)) {
  let current = 0;
  const endpoints = {
    validateText: vi.fn(() => Promise.resolve(validation)),
    submitText: vi.fn(() => Promise.resolve(created(41))),
    registerGuest: vi.fn(() => {
      current = Math.min(current + 1, accounts.length - 1);
      return Promise.resolve();
    }),
  };
  const spendGuestTextPage = vi.fn();
  const deps: CheckFlowDeps = {
    endpoints,
    getAccount: () => accounts[current] ?? { kind: 'visitor' },
    spendGuestTextPage,
  };
  return { deps, endpoints, spendGuestTextPage };
}

const target = { language: 'en' as const, groupId: null, aiMode: false };
const freshGuest: Account = { kind: 'guest', balance: { balance: 0, bonus: 1, ai_balance: 1 } };

describe('keeping a check out of the Veritext index (issue 13, A5)', () => {
  it('sends exclude_from_index with a text only when the user ticked it', async () => {
    const kept = setup([freshGuest]);
    await startTextCheck(kept.deps, { ...target, text: words(100), excludeFromIndex: true });
    expect(kept.endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ excludeFromIndex: true }));

    const shared = setup([freshGuest]);
    await startTextCheck(shared.deps, { ...target, text: words(100) });
    expect(shared.endpoints.submitText).toHaveBeenCalledWith(expect.not.objectContaining({ excludeFromIndex: true }));
  });

  it('sends it with each file', async () => {
    const { deps, endpoints } = setup([freshGuest]);
    const file = new File(['x'.repeat(500)], 'a.txt', { type: 'text/plain' });
    const item = applyVerification(createFileItem(file), valid(1));
    await sendFiles(deps, {
      ...target,
      items: [item],
      isGuest: true,
      onUpdate: () => undefined,
      excludeFromIndex: true,
    });
    expect(endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ file, excludeFromIndex: true }));
  });

  it('keeps the choice of a first check sent after sign-up', async () => {
    const { deps, endpoints } = setup([{ kind: 'individual', user: sampleUser, packagesBought: 0 }]);
    await submitFirstCheck(deps, { language: 'en', groupId: null, text: words(100), excludeFromIndex: true });
    expect(endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ excludeFromIndex: true }));
  });
});

describe('the AI check chosen with the text (issue 13, A4)', () => {
  it('is asked for only when the user chose it', async () => {
    const chosen = setup([freshGuest]);
    await startTextCheck(chosen.deps, { ...target, text: words(100), checkAi: true });
    expect(chosen.endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ checkAi: true }));

    const plain = setup([freshGuest]);
    await startTextCheck(plain.deps, { ...target, text: words(100) });
    expect(plain.endpoints.submitText).toHaveBeenCalledTimes(1);
    expect(plain.endpoints.submitText).toHaveBeenCalledWith(expect.not.objectContaining({ checkAi: true }));
  });

  it('goes with each file when chosen', async () => {
    const { deps, endpoints } = setup([freshGuest]);
    const file = new File(['x'.repeat(500)], 'a.txt', { type: 'text/plain' });
    const item = applyVerification(createFileItem(file), valid(1));
    await sendFiles(deps, { ...target, items: [item], isGuest: true, onUpdate: () => undefined, checkAi: true });
    expect(endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ file, checkAi: true }));
  });
});

describe('the text flow (check-tool.md §4)', () => {
  it('a visitor gets a guest account first, then the guest check is sent cut to 275 words', async () => {
    const { deps, endpoints, spendGuestTextPage } = setup([{ kind: 'visitor' }, freshGuest], valid(2));
    const text = words(400);
    const result = await startTextCheck(deps, { ...target, text });
    expect(endpoints.registerGuest).toHaveBeenCalledTimes(1);
    expect(endpoints.validateText).toHaveBeenCalledWith({ text, language: 'en', groupId: null });
    expect(result).toEqual({ kind: 'sent', id: 41, isGuest: true });
    const sent = endpoints.submitText.mock.calls[0] as unknown as [{ text: string; hash?: string }];
    expect(countWords(sent[0].text)).toBe(275);
    // The cut text is not the verified one: its hash is not sent.
    expect(sent[0].hash).toBeUndefined();
    expect(spendGuestTextPage).toHaveBeenCalledTimes(1);
  });

  it('an existing guest is not registered again; a short text keeps its hash', async () => {
    const { deps, endpoints } = setup([freshGuest]);
    await startTextCheck(deps, { ...target, text: 'short text' });
    expect(endpoints.registerGuest).not.toHaveBeenCalled();
    expect(endpoints.submitText).toHaveBeenCalledWith({
      text: 'short text',
      language: 'en',
      groupId: null,
      hash: 'hash-1',
    });
  });

  it('a guest without pages gets the confirm modal; nothing is sent', async () => {
    const broke: Account = { kind: 'guest', balance: { balance: 0, bonus: 0, ai_balance: 0 } };
    const { deps, endpoints } = setup([broke], valid(3));
    const result = await startTextCheck(deps, { ...target, text: 'some text' });
    expect(result).toEqual({
      kind: 'confirm',
      verified: { text: 'some text', pages: 3, hash: 'hash-1' },
      account: broke,
    });
    expect(endpoints.submitText).not.toHaveBeenCalled();
  });

  it('an individual always confirms', async () => {
    const { deps, endpoints } = setup([{ kind: 'individual', user: sampleUser, packagesBought: 2 }]);
    expect((await startTextCheck(deps, { ...target, text: 'x' })).kind).toBe('confirm');
    expect(endpoints.submitText).not.toHaveBeenCalled();
  });

  it('a per-user group sends at once for the group and the registered user spends nothing locally', async () => {
    const { deps, endpoints, spendGuestTextPage } = setup([
      { kind: 'group', user: sampleUser, group: group({ id: 9, balance_type: 2 }) },
    ]);
    const result = await startTextCheck(deps, { ...target, groupId: 9, text: 'group text' });
    expect(result).toEqual({ kind: 'sent', id: 41, isGuest: false });
    expect(endpoints.submitText).toHaveBeenCalledWith({
      text: 'group text',
      language: 'en',
      groupId: 9,
      hash: 'hash-1',
    });
    expect(spendGuestTextPage).not.toHaveBeenCalled();
  });

  it('a locked student verifies nothing', async () => {
    const { deps, endpoints } = setup([
      { kind: 'group', user: sampleUser, group: group({ hide_new_check_for_student: true, current_user_role: 3 }) },
    ]);
    expect(await startTextCheck(deps, { ...target, text: 'x' })).toEqual({ kind: 'locked' });
    expect(endpoints.validateText).not.toHaveBeenCalled();
  });

  it('a rejected verification returns the server message', async () => {
    const { deps, endpoints } = setup([freshGuest], {
      success: false,
      pages: 0,
      hash: 'h',
      message: 'Text is too short.',
      code: 1,
    });
    expect(await startTextCheck(deps, { ...target, text: 'x' })).toEqual({
      kind: 'rejected',
      message: 'Text is too short.',
    });
    expect(endpoints.submitText).not.toHaveBeenCalled();
  });

  it('a refusal on sending throws its ApiError; guest refusals for pages mean sign-up', async () => {
    const { deps, endpoints } = setup([freshGuest]);
    endpoints.submitText.mockRejectedValueOnce(
      new ApiError('Text is already in progress', { status: 409, code: 'text_in_progress' }),
    );
    await expect(startTextCheck(deps, { ...target, text: 'x' })).rejects.toThrow('Text is already in progress');
    expect(
      needsSignup(new ApiError('Please sign up to run a full check.', { status: 402, code: 'guest_full_check' })),
    ).toBe(true);
    expect(needsSignup(new ApiError('x', { status: 402, code: 'insufficient_balance' }))).toBe(true);
    expect(needsSignup(new ApiError('x', { status: 429, code: 'text_duplicate' }))).toBe(false);
    expect(needsSignup(new Error('x'))).toBe(false);
  });

  it('a first check after login is verified and sent without confirmation', async () => {
    const { deps, endpoints } = setup([{ kind: 'individual', user: sampleUser, packagesBought: 0 }]);
    expect(await submitFirstCheck(deps, { text: 'pending', language: 'es', groupId: null })).toEqual({
      kind: 'sent',
      id: 41,
      isGuest: false,
    });
    expect(endpoints.submitText).toHaveBeenCalledWith({
      text: 'pending',
      language: 'es',
      groupId: null,
      hash: 'hash-1',
    });
  });

  it('a guest text check spends one bonus page locally, never below zero', () => {
    const cookie = { api: 't', balance: { balance: 0, bonus: 1, ai_balance: 1 } };
    expect(withTextPageSpent(cookie).balance).toEqual({ balance: 0, bonus: 0, ai_balance: 1 });
    expect(withTextPageSpent(withTextPageSpent(cookie)).balance?.bonus).toBe(0);
    expect(withTextPageSpent({ api: 't' })).toEqual({ api: 't' });
  });
});

describe('sending files (one request per file, in order)', () => {
  const ready = (name: string, pages: number, lastModified: number): FileItem =>
    applyVerification(createFileItem(new File(['x'], name, { lastModified })), {
      success: true,
      pages,
      hash: `hash-${name}`,
      message: '',
      code: null,
    });

  it('marks each row in-process, then done or its error, and skips files that cannot be sent', async () => {
    const { deps, endpoints } = setup([freshGuest]);
    endpoints.submitText
      .mockResolvedValueOnce(created(1))
      .mockRejectedValueOnce(new ApiError('Bad file format', { status: 422, code: 'file_unreadable' }))
      .mockResolvedValueOnce(created(3));
    const bad = createFileItem(new File(['x'], 'image.png', { lastModified: 9 }));
    const items = [ready('a.docx', 1, 1), bad, ready('b.pdf', 2, 2), ready('c.txt', 1, 3)];
    const updates: Array<[string, string]> = [];
    const result = await sendFiles(deps, {
      items,
      isGuest: false,
      language: 'en',
      groupId: 5,
      onUpdate: (item) => updates.push([item.name, item.status]),
    });
    expect(endpoints.submitText).toHaveBeenCalledTimes(3);
    const sentNames = (
      endpoints.submitText.mock.calls as unknown as Array<[{ file: File; groupId: number; hash: string }]>
    ).map((call) => [call[0].file.name, call[0].groupId, call[0].hash]);
    expect(sentNames).toEqual([
      ['a.docx', 5, 'hash-a.docx'],
      ['b.pdf', 5, 'hash-b.pdf'],
      ['c.txt', 5, 'hash-c.txt'],
    ]);
    expect(updates).toEqual([
      ['a.docx', 'in-process'],
      ['a.docx', 'done'],
      ['b.pdf', 'in-process'],
      ['b.pdf', 'error-file-format'],
      ['c.txt', 'in-process'],
      ['c.txt', 'done'],
    ]);
    expect(result.ids).toEqual([1, 3]);
    expect(result.errors).toHaveLength(1);
  });

  it('each accepted guest file spends a page locally', async () => {
    const { deps, spendGuestTextPage } = setup([freshGuest]);
    await sendFiles(deps, {
      items: [ready('a.txt', 1, 1)],
      isGuest: true,
      language: 'en',
      groupId: null,
      onUpdate: () => undefined,
    });
    expect(spendGuestTextPage).toHaveBeenCalledTimes(1);
  });
});
