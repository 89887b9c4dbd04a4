import { describe, expect, it, vi } from 'vitest';
import type { TextSubmitResponse, TextValidateResponse } from '@veritext/contracts';
import { sampleUser } from '../test/fixtures.ts';
import type { ReportSettingsInput } from '../api/reportSettings.ts';
import type { Account } from './account.ts';
import { sendFiles, sendText, startTextCheck, type CheckFlowDeps } from './checkFlow.ts';
import { applyVerification, createFileItem } from './fileItems.ts';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${String(i)}`).join(' ');
const valid: TextValidateResponse = { success: true, pages: 1, hash: 'hash-1', message: '', code: null };
const created: TextSubmitResponse = { success: true, message: 'ok', hash: 'h', data: { text: { id: 41, state: 3 } } };
const SETTINGS: ReportSettingsInput = {
  excludeBelowPercent: '5',
  excludeSelfPlagiarism: true,
  customAuthor: 'Dora Student',
  includeQuotes: true,
  includeReferences: false,
};

function setup() {
  const account: Account = {
    kind: 'individual',
    user: { ...sampleUser, balance: { balance: 20, bonus: 0, ai_balance: 0 } },
    packagesBought: 1,
  };
  const endpoints = {
    validateText: vi.fn(() => Promise.resolve(valid)),
    submitText: vi.fn(() => Promise.resolve(created)),
    registerGuest: vi.fn(() => Promise.resolve()),
  };
  const deps: CheckFlowDeps = { endpoints, getAccount: () => account, spendGuestTextPage: vi.fn() };
  return { deps, endpoints };
}

const target = { language: 'en' as const, groupId: null, aiMode: false };

describe('the report settings chosen with a check (issue 17)', () => {
  it('go with the text when chosen, and not otherwise', async () => {
    const chosen = setup();
    const verified = { text: words(100), pages: 1, hash: 'hash-1' };
    await sendText(chosen.deps, {
      ...target,
      verified,
      cutWords: null,
      isGuest: false,
      reportSettings: SETTINGS,
    });
    expect(chosen.endpoints.submitText).toHaveBeenCalledWith(
      expect.objectContaining({ text: verified.text, reportSettings: SETTINGS }),
    );
    const plain = setup();
    await sendText(plain.deps, { ...target, verified, cutWords: null, isGuest: false });
    expect(plain.endpoints.submitText).toHaveBeenCalledTimes(1);
    expect(plain.endpoints.submitText).toHaveBeenCalledWith(expect.not.objectContaining({ reportSettings: SETTINGS }));
    // an individual confirms a text first: the flow stops there, nothing sent yet
    const confirm = setup();
    expect((await startTextCheck(confirm.deps, { ...target, text: words(100), reportSettings: SETTINGS })).kind).toBe(
      'confirm',
    );
  });

  it('go with each file', async () => {
    const { deps, endpoints } = setup();
    const file = new File(['x'.repeat(500)], 'a.txt', { type: 'text/plain' });
    const item = applyVerification(createFileItem(file), valid);
    await sendFiles(deps, {
      ...target,
      items: [item],
      isGuest: false,
      onUpdate: () => undefined,
      reportSettings: SETTINGS,
    });
    expect(endpoints.submitText).toHaveBeenCalledWith(expect.objectContaining({ file, reportSettings: SETTINGS }));
  });
});
