import { z } from 'zod';
import { FIELD_MAX } from './constants.ts';
import { UI_LANGUAGES } from './languages.ts';

/**
 * The profile of the cabinet (commerce-and-cabinet.md §3: name, email, timezone, language, verified state)
 * and its forms: /api/v1/profile/ (GET, POST), /email/, /password/ and /delete/.
 */

let knownZones: ReadonlySet<string> | null = null;

/** The IANA time zones this runtime knows (Intl.supportedValuesOf), plus UTC, which the list leaves out. */
export function timeZoneNames(): readonly string[] {
  return [...ensureZones()].sort();
}

function ensureZones(): ReadonlySet<string> {
  knownZones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return knownZones;
}

/**
 * Whether a value is an IANA time zone: one of the runtime's list, or a name its Intl accepts (browsers
 * and Node disagree on renamed zones such as Europe/Kyiv and Europe/Kiev; both are real zones).
 */
export function isTimeZone(value: string): boolean {
  if (ensureZones().has(value)) return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  timezone: z.string(),
  /** The interface language: en, es or no (Norwegian, the cabinet only). */
  language: z.enum(UI_LANGUAGES),
  verified: z.boolean(),
  /** false for an account made by Google sign-in that never set a password: it sets one through a reset link. */
  has_password: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ profile: ProfileSchema }),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

// The forms take what is typed and the service says what is wrong with each field (PROFILE_FIELD_ERRORS),
// so a missing field gets the spec's "… is required" rather than a schema message. The caps only bound input.
const typed = (max: number) => z.string().max(max).optional().default('');
const csrf = z.string().max(200).optional();
const PASSWORD_CAP = 200;

/** POST /api/v1/profile/ (form): name (at most 25), an IANA time zone, language en, es or no. */
export const ProfileFormSchema = z.object({
  name: typed(200),
  timezone: typed(100),
  language: typed(20),
  _csrf_token: csrf,
});

/** POST /api/v1/profile/email/ (form): the new address and the current password. */
export const ProfileEmailFormSchema = z.object({
  email: typed(200),
  current_password: typed(PASSWORD_CAP),
  _csrf_token: csrf,
});

/** POST /api/v1/profile/password/ (form). */
export const ProfilePasswordFormSchema = z.object({
  current_password: typed(PASSWORD_CAP),
  password: typed(PASSWORD_CAP),
  confirm_password: typed(PASSWORD_CAP),
  _csrf_token: csrf,
});

/** POST /api/v1/profile/delete/ (form): the current password confirms the deletion. */
export const ProfileDeleteFormSchema = z.object({
  current_password: typed(PASSWORD_CAP),
  _csrf_token: csrf,
});

/** What `error.fields` of a refused profile form says about a field. */
export const PROFILE_FIELD_ERRORS = [
  'required',
  'too_long',
  'invalid',
  'weak',
  'mismatch',
  'taken',
  'wrong',
  'unchanged',
] as const;
export type ProfileFieldError = (typeof PROFILE_FIELD_ERRORS)[number];

/** The spec's cabinet messages (commerce-and-cabinet.md §5, §8), sent as the error's message. */
export const PROFILE_MESSAGES = {
  nameRequired: 'New name is required',
  nameTooLong: `Name must be at most ${String(FIELD_MAX.name)} characters.`,
  emailRequired: 'New email is required',
  emailInvalid: 'Invalid email',
  emailUnchanged: 'This is already your email address.',
  passwordRequired: 'New password is required',
  confirmInvalid: 'Invalid confirm password',
  currentRequired: 'Please enter the current password',
  timezoneInvalid: 'Please choose a time zone from the list.',
  languageInvalid: 'Language not supported',
} as const;

export const PasswordChangedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The personal API token is replaced with the password: the old one may be in other hands too. */
  data: z.object({ api_token: z.string() }),
});
export type PasswordChangedResponse = z.infer<typeof PasswordChangedResponseSchema>;

/** What a deletion removed, and what the organisations the user belonged to keep. */
export const AccountDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    deleted: z.object({
      personal_checks: z.number().int(),
      ai_checks: z.number().int(),
      index_entries: z.number().int(),
      sessions: z.number().int(),
      organisations: z.number().int(),
    }),
    kept: z.object({
      /** Checks made inside organisations: they stay with the organisation, without the author. */
      organisation_checks: z.number().int(),
      organisations: z.number().int(),
    }),
  }),
});
export type AccountDeletedResponse = z.infer<typeof AccountDeletedResponseSchema>;
