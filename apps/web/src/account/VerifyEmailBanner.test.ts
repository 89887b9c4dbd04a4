import { describe, expect, it } from 'vitest';
import { isCabinetPath } from './VerifyEmailBanner.tsx';

describe('the e-mail confirmation reminder', () => {
  it('shows on the cabinet pages only', () => {
    expect(isCabinetPath('/profile/new-check')).toBe(true);
    expect(isCabinetPath('/profile/my-documents/group/3')).toBe(true);
    expect(isCabinetPath('/profile')).toBe(true);
    expect(isCabinetPath('/')).toBe(false);
    expect(isCabinetPath('/ai-detector/')).toBe(false);
    expect(isCabinetPath('/profiles-of-writers/')).toBe(false);
  });
});
