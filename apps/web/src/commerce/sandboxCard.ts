/** Input helpers of the sandbox card page; the server validates (Luhn, expiry, CVC) and answers field errors. */

export const CARD_FIELDS = ['card_number', 'exp_month', 'exp_year', 'cvc', 'name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardInput = Record<CardField, string>;

export const EMPTY_CARD: CardInput = { card_number: '', exp_month: '', exp_year: '', cvc: '', name: '' };

/** Digits only, grouped by four as typed ("4242424242424242" -> "4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** A two-digit year means this century: "29" -> "2029". */
export function fullYear(value: string): string {
  const digits = value.trim();
  return /^\d{2}$/.test(digits) ? `20${digits}` : digits;
}

/** The form fields as posted: the number without spaces, the year with four digits. */
export function cardFormFields(input: CardInput): CardInput {
  return {
    card_number: input.card_number.replace(/\D/g, ''),
    exp_month: input.exp_month.trim(),
    exp_year: fullYear(input.exp_year),
    cvc: input.cvc.trim(),
    name: input.name.trim(),
  };
}

/** The server's field errors, keyed by our fields (others are ignored). */
export function cardFieldErrors(fields: Readonly<Record<string, string>>): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  for (const name of CARD_FIELDS) {
    const message = fields[name];
    if (message !== undefined && message !== '') out[name] = message;
  }
  return out;
}

/** The errors without one field's (it is being corrected). */
export function withoutFieldError(
  errors: Partial<Record<CardField, string>>,
  name: CardField,
): Partial<Record<CardField, string>> {
  const out: Partial<Record<CardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const message = errors[field];
    if (field !== name && message !== undefined) out[field] = message;
  }
  return out;
}
