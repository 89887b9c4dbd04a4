import { describe, expect, it } from 'vitest';
import { parseShift } from './train.ts';

describe('parseShift (--genre-shift)', () => {
  it('reads a shift per language', () => {
    expect(parseShift('en=0.9,es=1.25')).toEqual({ en: 0.9, es: 1.25 });
    expect(parseShift('es=2')).toEqual({ es: 2 });
    expect(parseShift(undefined)).toBeUndefined();
  });

  it('refuses what is not LANG=NUMBER', () => {
    expect(() => parseShift('fr=1')).toThrow(/"fr=1" is not LANG=NUMBER/);
    expect(() => parseShift('en=-1')).toThrow(/not LANG=NUMBER/);
    expect(() => parseShift('en')).toThrow(/not LANG=NUMBER/);
  });
});
