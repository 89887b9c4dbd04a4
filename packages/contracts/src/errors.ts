import { MEMBER_NEW_ACCOUNTS_PER_DAY, MEMBER_UPLOAD_MAX_ROWS } from './members.ts';

/**
 * The one error vocabulary (DESIGN.md §8): a stable code, its HTTP status, the user message
 * (the spec's wording where it has one) and the i18n key the client translates it with.
 */
export const ERRORS = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  validation_failed: { status: 400, message: 'Some fields are not valid.' },
  form_expected: {
    status: 415,
    message: 'This call takes a form (application/x-www-form-urlencoded or multipart/form-data), not JSON.',
  },
  unsupported_media_type: { status: 415, message: 'This content type is not supported.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  csrf_invalid: { status: 403, message: 'Your session has expired. Please reload the page and try again.' },
  bot_check_failed: { status: 400, message: 'The security check failed. Please try again.' },
  unauthorized: { status: 401, message: 'Please log in to continue.' },
  invalid_api_token: { status: 401, message: 'The API token is not valid.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password.' },
  forbidden: { status: 403, message: 'Access denied.' },
  not_found: { status: 404, message: 'Page not found.' },
  email_taken: { status: 409, message: 'This email is already registered. Please log in.' },
  weak_password: {
    status: 400,
    message:
      'Password must be at least 8 characters long and contain upper case, lower case, a digit and a special symbol.',
  },
  invalid_guest_cookie: {
    status: 400,
    message: 'The guest data cookie is not valid; it has been cleared. Please reload the page.',
  },
  insufficient_balance: {
    status: 402,
    message: 'Not enough pages on your balance to complete the check. Add more pages.',
  },
  insufficient_ai_balance: {
    status: 402,
    message: 'Not enough AI pages on your balance to complete the check. Add more AI pages.',
  },
  guest_full_check: { status: 402, message: 'Please sign up to run a full check.' },
  text_required: { status: 400, message: 'Please insert a text or upload a file to check.' },
  text_rejected: { status: 400, message: 'This text cannot be checked.' },
  text_hash_mismatch: {
    status: 400,
    message: 'The text changed after it was verified. Please verify it again.',
  },
  text_duplicate: { status: 429, message: 'You submitted this text less than 10 seconds ago' },
  text_in_progress: { status: 409, message: 'Text is already in progress' },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  check_delete_in_progress: {
    status: 409,
    message: 'This check is still running. You can delete it once it has finished.',
  },
  text_too_long_for_subscription: {
    status: 400,
    message: 'Your text is longer than 26,000 words, the most one check can take. Please split it.',
  },
  website_checks_disabled: {
    status: 403,
    message: 'Website checks are disabled for your account. Please check texts through your LMS.',
  },
  group_disabled: {
    status: 403,
    message: 'Your organisation’s account has been disabled. Please contact your administrator.',
  },
  new_checks_locked: {
    status: 403,
    message: 'New checks are turned off for students in your organisation. Please contact your teacher.',
  },
  group_full: {
    status: 409,
    message:
      'The organisation has reached its member maximum. Its administrator can raise the maximum in the organisation settings.',
  },
  group_subscription_active: {
    status: 409,
    message:
      'The organisation has an active subscription, which sets its balance type. You can change it once the subscription has ended.',
  },
  group_delete_subscription: {
    status: 409,
    message:
      'The organisation has a subscription that renews. Cancel the subscription first, then delete the organisation.',
  },
  group_delete_checks_running: {
    status: 409,
    message: 'Some checks of the organisation are still running. Please try again when they have finished.',
  },
  ai_check_unavailable: { status: 409, message: 'The AI check is not available for this document.' },
  ai_text_required: { status: 400, message: 'Please insert a text or upload a file to check.' },
  ai_text_too_short: { status: 400, message: 'Please insert at least 250 characters.' },
  ai_text_too_long: {
    status: 400,
    message: 'Your text is longer than the AI detector allows (100 pages). Please shorten it and try again.',
  },
  extraction_busy: {
    status: 429,
    message: 'Your earlier files are still being read. Please wait a moment and try again.',
  },
  file_invalid: { status: 400, message: 'Bad file format or file size' },
  file_unreadable: { status: 422, message: 'Bad file format' },
  already_marked: { status: 409, message: 'Your feedback on this check has already been sent.' },
  report_type_unsupported: {
    status: 400,
    message:
      'Unknown report type: leave it out for the similarity report, 3 for the AI report, 1 for the authorship report.',
  },
  report_not_ready: { status: 409, message: 'The PDF report is available once the check is done.' },
  report_failed: { status: 500, message: 'The PDF report could not be made. Please try again.' },
  report_settings_unavailable: {
    status: 409,
    message: 'This report was made before its settings could be changed. Run a new check to use them.',
  },
  reset_code_invalid: {
    status: 400,
    message: 'This password reset link is not valid. Please check the link or request a new one.',
  },
  reset_code_expired: { status: 400, message: 'This password reset link has expired. Please request a new one.' },
  reset_code_used: {
    status: 400,
    message: 'This password reset link has already been used. Please request a new one if you need to.',
  },
  password_mismatch: { status: 400, message: 'The passwords do not match.' },
  email_already_verified: { status: 409, message: 'Your email address is already confirmed.' },
  verification_resend_limited: {
    status: 429,
    message:
      'You have asked for 3 confirmation emails in the last hour. Please check your inbox and spam folder, or try again later.',
  },
  mail_failed: { status: 503, message: 'We could not send the email. Please try again in a few minutes.' },
  invite_not_found: {
    status: 404,
    message: 'This registration link is no longer valid. Please ask your administrator for a new one.',
  },
  agreement_unknown: { status: 400, message: 'Unknown agreement type or version.' },
  terms_required: { status: 400, message: 'Please accept the Terms of Use and the Privacy Policy.' },
  current_password_invalid: { status: 400, message: 'Invalid current password' },
  account_owns_group: {
    status: 409,
    message:
      'You are the administrator of an organisation that has other members. Make another member its administrator before deleting your account.',
  },
  signup_required: { status: 401, message: 'Please sign up to buy pages.' },
  group_owner_required: { status: 403, message: 'Only the organisation owner can buy pages for it.' },
  unknown_package: { status: 400, message: 'Unknown package.' },
  promo_invalid: { status: 400, message: 'This promo code is not valid.' },
  promo_limit_reached: {
    status: 409,
    message: 'Every use of this promo code is taken or held by a checkout in progress. It was removed from your cart.',
  },
  cart_empty: { status: 400, message: 'Your cart is empty.' },
  unknown_plan: { status: 400, message: 'Unknown subscription plan.' },
  subscription_group_required: {
    status: 400,
    message: 'A team plan is bought for an organisation. Choose one you administer.',
  },
  subscription_active: {
    status: 409,
    message: 'This account already has an active subscription. Upgrade it instead of starting a second one.',
  },
  subscription_not_active: { status: 409, message: 'This subscription is not active.' },
  subscription_upgrade_required: {
    status: 402,
    message: 'To check for Plagiarism and AI, please upgrade your subscription to one of Plagiarism + AI plans.',
  },
  subscription_ended: {
    status: 402,
    message: 'Your subscription has ended, so it adds no more AI pages. Subscribe again to keep checking texts for AI.',
  },
  subscription_upgrade_invalid: {
    status: 400,
    message:
      'Choose a plan that costs more than your current one. To move to a smaller plan, cancel this one and start the new one when it ends.',
  },
  upgrade_unavailable: {
    status: 503,
    message: 'This subscription cannot be upgraded online yet. Cancel it and start the new plan when it ends.',
  },
  hold_already_settled: {
    status: 409,
    message: 'This hold is already settled: its pages were charged or given back.',
  },
  ledger_action_invalid: { status: 400, message: 'This transaction cannot be corrected this way.' },
  card_invalid: { status: 400, message: 'Please check your card details.' },
  card_declined: { status: 402, message: 'Your card was declined.' },
  payment_session_closed: { status: 409, message: 'This payment is no longer open. Please return to your cart.' },
  payment_provider_failed: {
    status: 502,
    message: 'The payment provider could not be reached. Please try again in a few minutes.',
  },
  member_exists: { status: 409, message: 'User with this email already added to this group' },
  bad_member_file: { status: 400, message: 'Please upload correct file' },
  member_admin_role: { status: 400, message: 'The administrator’s role cannot be changed' },
  member_admin_remove: { status: 400, message: 'The administrator cannot be removed from the organisation' },
  member_upload_too_many_rows: {
    status: 400,
    message: `The file has more than ${String(MEMBER_UPLOAD_MAX_ROWS)} members. Please upload at most ${String(MEMBER_UPLOAD_MAX_ROWS)} at a time.`,
  },
  member_new_accounts_limit: {
    status: 429,
    message: `Your organisation has added ${String(MEMBER_NEW_ACCOUNTS_PER_DAY)} new accounts in the last 24 hours, the most it can. Please add more members tomorrow.`,
  },
  invitation_exists: { status: 409, message: 'This address has already been invited to this group' },
  invitation_email_unverified: {
    status: 403,
    message: 'Please confirm your email address (use the link we sent you) before you accept the invitation.',
  },
  group_owner_leave: {
    status: 400,
    message:
      'The administrator cannot leave the organisation. To hand it over to another member, please contact our support team.',
  },
  member_page_limit: {
    status: 403,
    message: 'This document exceeds your page limit in the organisation. Please contact your administrator.',
  },
  comment_teachers_only: { status: 403, message: 'Only teachers can create comments.' },
  comment_organisation_only: {
    status: 403,
    message: 'Comments can be added only to reports of checks made in an organisation.',
  },
  folder_name_empty: { status: 400, message: 'Folder name cannot be empty' },
  folder_exists: { status: 409, message: 'Folder already exists' },
  folder_too_deep: { status: 400, message: 'Folders can be nested at most 5 levels deep.' },
  folder_limit_reached: { status: 409, message: 'You have reached the maximum number of folders (500).' },
  folder_share_link_empty: {
    status: 404,
    message: 'Empty share link: this link is not valid or was revoked. Please ask the folder’s owner for a new one.',
  },
  folder_access_not_member: { status: 400, message: 'This person is not a member of the organisation.' },
  folder_access_organisation_only: {
    status: 400,
    message: 'Only folders of an organisation can be shared with named members. Share this folder by its link.',
  },
  folder_scope_mismatch: {
    status: 400,
    message: 'Documents can be moved only into folders of the same organisation (or personal folders for your own).',
  },
  document_ids_invalid: { status: 400, message: 'Please choose between 1 and 100 documents.' },
  document_title_empty: { status: 400, message: 'Document name cannot be empty' },
  statistics_range_invalid: {
    status: 400,
    message: 'Choose a date range of at most 3 years whose start is on or before its end (dates as YYYY-MM-DD).',
  },
  lead_student: {
    status: 400,
    message: 'Students can check their papers themselves: please go to the For students page (/for-students/).',
  },
  isbn_not_found: { status: 404, message: 'ISBN not found' },
  doi_not_found: { status: 404, message: 'DOI not found' },
  citation_lookup_disabled: { status: 404, message: 'Looking up ISBN and DOI is not enabled on this server.' },
  citation_lookup_failed: {
    status: 502,
    message: 'The look-up service did not answer. Please try again, or fill in the fields yourself.',
  },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  guest_limit_reached: {
    status: 429,
    message: 'Too many guest accounts were made from your network today. Please sign up or log in to go on.',
  },
  grammar_not_activated: { status: 403, message: 'Grammar checker is not activated for your organization' },
  authorship_disabled: {
    status: 403,
    message: 'The authorship check (fingerprint) is disabled for your organisation.',
  },
  authorship_teacher_only: {
    status: 403,
    message: 'Only teachers and the owner of the organisation can run the authorship check.',
  },
  authorship_no_student_author: {
    status: 400,
    message: 'The authorship check needs a paper submitted by a student of the organisation.',
  },
  authorship_not_enough_text: {
    status: 400,
    message: 'Not enough original text for the authorship check (minimum 3000 characters).',
  },
  authorship_not_enough_student_papers: {
    status: 400,
    message:
      'Not enough papers from the student: the authorship check needs at least 2 earlier papers of the student with 3000 original characters each.',
  },
  authorship_not_enough_other_papers: {
    status: 400,
    message:
      'Not enough papers from other students: the authorship check needs at least 3 papers by at least 2 other students with 3000 original characters each.',
  },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function errorI18nKey(code: ErrorCode): string {
  return `errors.${code}`;
}

/** The body of every error response. `code` stays free for the spec's own numeric codes. */
export type ApiErrorBody = {
  success: false;
  /** The spec's numeric code where a call has one (the AI detector's 1: no AI pages left). */
  code?: number;
  message: string;
  error: {
    code: ErrorCode;
    key: string;
    fields?: Record<string, string>;
  };
};
