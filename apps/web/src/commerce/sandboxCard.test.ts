import { describe, expect, it } from 'vitest';
import {
  cardFieldErrors,
  cardFormFields,
  digitsOnly,
  formatCardNumber,
  fullYear,
  withoutFieldError,
} from './sandboxCard.ts';

describe('the sandbox card inputs', () => {
  it('groups the card number by four and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000x0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(digitsOnly('1a2b3c4', 3)).toBe('123');
  });

  it('posts the number without spaces and a four-digit year', () => {
    expect(
      cardFormFields({
        card_number: '4242 4242 4242 4242',
        exp_month: '04',
        exp_year: '31',
        cvc: '123',
        name: ' Ana ',
      }),
    ).toEqual({ card_number: '4242424242424242', exp_month: '04', exp_year: '2031', cvc: '123', name: 'Ana' });
    expect(fullYear('2031')).toBe('2031');
  });

  it("maps the server's field errors onto the card fields and clears one when it is corrected", () => {
    const errors = cardFieldErrors({ card_number: 'Invalid card number', cvc: 'Invalid CVC', other: 'x' });
    expect(errors).toEqual({ card_number: 'Invalid card number', cvc: 'Invalid CVC' });
    expect(withoutFieldError(errors, 'cvc')).toEqual({ card_number: 'Invalid card number' });
  });
});
