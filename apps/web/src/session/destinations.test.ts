import { describe, expect, it } from 'vitest';
import { pathAfterLogin } from './destinations.ts';

describe('pathAfterLogin', () => {
  it('goes to the new-check page by default', () => {
    expect(pathAfterLogin('/', '')).toBe('/profile/new-check');
    expect(pathAfterLogin('/es/pricing/', '')).toBe('/profile/new-check');
  });

  it('stays on AI-detector and citation pages', () => {
    expect(pathAfterLogin('/ai-detector/', '')).toBeNull();
    expect(pathAfterLogin('/es/ai-detector/', '')).toBeNull();
    expect(pathAfterLogin('/citation-generator/', '')).toBeNull();
  });

  it('leads the activity-tool login to its registration, keeping the query', () => {
    expect(pathAfterLogin('/integrito/login/', '?course=42')).toBe('/integrito/registration/?course=42');
  });
});
