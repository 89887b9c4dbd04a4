/** Business constants and limits of the spec (check-tool.md §9, commerce-and-cabinet.md §9). */
export const WORDS_PER_PAGE = 275;
export const GUEST_FREE_PAGES = 1;
export const FREE_CHECK_NOTICE_WORDS = 1375;
export const SUBSCRIBER_TEXT_LIMIT_WORDS = 26000;
export const AI_MAX_PAGES = 97;
export const AI_MAX_WORDS = AI_MAX_PAGES * WORDS_PER_PAGE; // 26675
export const AI_MIN_CHARACTERS = 250;
export const CHECK_MIN_CHARACTERS = 80;
export const MIN_LETTERS_PERCENT = 80;
export const TEXTAREA_MAX_LENGTH = 1048500;
export const MAX_FILE_BYTES = 26214400;
export const ACCEPTED_FILE_EXTENSIONS = ['doc', 'docx', 'pdf', 'txt', 'rtf', 'odt', 'odp', 'ppt', 'pptx'] as const;

export const SIGNUP_BONUS_PAGES = 1;
export const GROUP_SIGNUP_BONUS_PAGES = 5;
export const GUEST_BONUS_PAGES = 1;
export const GUEST_AI_BALANCE = 1;

/** Field length limits (commerce-and-cabinet.md §5, §9). */
export const FIELD_MAX = {
  name: 25,
  email: 50,
  phone: 25,
  lms: 25,
  password: 72,
} as const;
export const PASSWORD_MIN_LENGTH = 8;

export const AGREEMENT_VERSIONS = ['2018-05-24', '2018-09-12', '2019-04-11'] as const;

export const CURRENCY = 'USD';

/** One year, in seconds: lifetime of the guest_data cookie. */
export const GUEST_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Days a guest is kept after its last activity (its creation or its last check) before the hourly sweep deletes it
 * with its checks: the server's default for GUEST_RETENTION_DAYS, and what the privacy policy states.
 */
export const GUEST_RETENTION_DAYS = 30;
