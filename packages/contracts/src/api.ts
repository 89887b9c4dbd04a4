import { z } from 'zod';
import { FIELD_MAX } from './constants.ts';
import { CartItemSchema } from './commerce.ts';

/** Balances are counted in pages (ai_balance in AI pages); money is in cents elsewhere. */
export const BalanceSchema = z.object({
  balance: z.number().int(),
  bonus: z.number().int(),
  ai_balance: z.number().int(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** balance_type: 1 per-page, 2 per-user (groups only), 3 subscription. */
export const BalanceTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The User fields of check-tool.md §3 as GET /profile/get_credentials returns them. */
export const CredentialsUserSchema = z.object({
  id: z.number().int(),
  api_token: z.string(),
  avatar: z.string(),
  email: z.string(),
  name: z.string(),
  balance: BalanceSchema,
  balance_type: BalanceTypeSchema,
  allowed_languages: z.array(z.string()),
  is_guest: z.boolean(),
  /** A site administrator (manages the reference collections); absent means no. */
  is_admin: z.boolean().optional(),
  last_ai_order_paid_days_ago: z.number().int().nullable(),
  not_ai_orders: z.number().int(),
});
export type CredentialsUser = z.infer<typeof CredentialsUserSchema>;

export const CurrentOrderSchema = z.object({
  add_item_url: z.string(),
  enable_gate_2_shop: z.boolean(),
  paypal_checkout_url: z.string().nullable(),
  order: z.object({ order_items: z.array(CartItemSchema) }),
});

export const CredentialsResponseSchema = z.object({
  success: z.literal(true),
  user: CredentialsUserSchema,
  block_text_submit: z.boolean(),
  has_to_verify_email: z.boolean(),
  packages_bought: z.number().int(),
  balance: z.object({ negative_balance_allowed: z.boolean(), transactions_url: z.string() }),
  current_order: CurrentOrderSchema,
});
export type CredentialsResponse = z.infer<typeof CredentialsResponseSchema>;

/** GET /login_json: `success` is the logged-in flag. */
export const LoginJsonResponseSchema = z.object({
  success: z.boolean(),
  data: z
    .object({
      user: z.object({ id: z.number().int(), email: z.string(), name: z.string(), is_guest: z.boolean() }),
      balance: BalanceSchema,
      block_text_submit: z.boolean(),
      has_to_verify_email: z.boolean(),
      packages_bought: z.number().int(),
    })
    .nullable(),
});
export type LoginJsonResponse = z.infer<typeof LoginJsonResponseSchema>;

export const CsrfTokensResponseSchema = z.object({ token: z.string(), guest_csrf: z.string() });
export type CsrfTokensResponse = z.infer<typeof CsrfTokensResponseSchema>;

const email = z.string().trim().min(1).max(FIELD_MAX.email).pipe(z.email());

/** POST /login_check (form-encoded): the login payload of commerce-and-cabinet.md §3. */
export const LoginFormSchema = z.object({
  _username: email,
  _password: z.string().min(1).max(FIELD_MAX.password),
  _remember_me: z.enum(['on', '1', 'true', '0', 'false', '']).optional(),
  'security-token-login': z.string().max(10000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const ACCOUNT_TYPES = ['individual', 'organisation'] as const;

/**
 * An organisation's name: longer than a person's (the spec's 25 is for a person's name), at most 100
 * characters; a longer one is refused with this message, never cut.
 */
export const ORGANISATION_NAME_MAX = 100;
export const ORGANISATION_NAME_TOO_LONG = `Organisation name must be at most ${String(ORGANISATION_NAME_MAX)} characters.`;

/** POST /registration/ (form-encoded). */
export const RegistrationFormSchema = z.object({
  email,
  password: z.string().min(1).max(FIELD_MAX.password),
  name: z.string().trim().max(FIELD_MAX.name).optional(),
  account_type: z.enum(ACCOUNT_TYPES).default('individual'),
  organisation_name: z.string().trim().max(ORGANISATION_NAME_MAX, ORGANISATION_NAME_TOO_LONG).optional(),
  'security-token-registration': z.string().max(10000).optional(),
  /** An organisation's invite token: the new user joins its group with the link's role (no new group). */
  invite: z.string().trim().max(200).optional(),
  /** The terms box: ticked, the terms and privacy agreements (2018-05-24) are recorded. */
  terms: z.enum(['on', '1', 'true', '0', 'false', '']).optional(),
  _csrf_token: z.string().max(200).optional(),
});

/** POST /guest/registration/ (form-encoded). */
export const GuestRegistrationFormSchema = z.object({
  'guest-security-token': z.string().max(10000).optional(),
  _csrf_token: z.string().max(200).optional(),
});

export const GuestRegistrationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: CredentialsUserSchema, api: z.string(), signupGuest: z.boolean() }),
});

export const SuccessMessageSchema = z.object({ success: z.boolean(), message: z.string().optional() });

export const AuthSuccessSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ redirect: z.string() }),
});

/** The shape of the guest_data cookie: valid only when it parses to an object with an `api` field. */
export const GuestCookieSchema = z
  .object({
    api: z.string().min(1),
    balance: BalanceSchema.optional(),
    signupGuest: z.boolean().optional(),
  })
  .loose();
export type GuestCookie = z.infer<typeof GuestCookieSchema>;
export const GUEST_COOKIE_NAME = 'guest_data';

export function parseGuestCookie(raw: string | undefined): GuestCookie | null {
  if (raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = GuestCookieSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'shutting_down']),
  database: z.enum(['pglite', 'postgres']),
  checks: z.record(z.string(), z.boolean()),
});
