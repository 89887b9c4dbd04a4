import { z } from 'zod';
import { FIELD_MAX } from './constants.ts';

/*
 * The sales forms (commerce-and-cabinet.md §2 "Institution enquiry", "Contact form", "Quick-guide form", §3 "Forms",
 * §5, §7; issue 18): POST /api/v1/forms/enquiry/, /api/v1/forms/contact/, /api/v1/forms/quick-guide/ and
 * POST /send_feedback/request (the custom quote), all form-encoded with a CSRF token and a solved bot check. Each
 * submission is kept as a lead, mailed to the sales address (SALES_EMAIL) and listed for site administrators
 * (GET /api/v1/admin/leads/, /api/v1/admin/leads.csv).
 */

/** The roles of the enquiry form (§3), stored as given. */
export const LEAD_ROLES = [
  'Administrator',
  'Instructor/Teacher',
  'Department Chair',
  'Technical Specialist',
  'Librarian',
  'Business representative',
  'Reseller',
  'Student',
  'Other',
] as const;
export type LeadRole = (typeof LEAD_ROLES)[number];

/** Roles for which the form hides LMS and number of students (§4). */
export const LEAD_ROLES_WITHOUT_LMS: readonly LeadRole[] = ['Business representative', 'Reseller'];

/** The LMS options (§3); with Other the client sends the typed name instead (at most FIELD_MAX.lms). */
export const LEAD_LMS = [
  'Canvas',
  'Google Classroom',
  'Moodle',
  'Brightspace',
  'Schoology',
  'Sakai',
  'Managebac',
  'MS Teams',
  'Blackboard',
  'Blackbaud',
  'Open LMS',
  'Populi LMS',
  'Other',
] as const;

/** Public mail providers (§5): an analytics event on the client; the lead is only flagged. */
export const PUBLIC_MAIL_PROVIDERS = ['gmail', 'yahoo', 'hotmail', 'aol', 'icloud', 'mail'] as const;

/** Whether an address is at a public mail provider: its domain's first label (gmail.com, mail.ru, yahoo.co.uk). */
export function isPublicMailAddress(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const label = domain.split('.')[0] ?? '';
  return (PUBLIC_MAIL_PROVIDERS as readonly string[]).includes(label);
}

export const LEAD_TYPES = ['enquiry', 'contact', 'quick_guide', 'custom_quote'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** Submissions one address, and one e-mail, may make per form type in an hour. */
export const LEAD_SUBMISSIONS_PER_HOUR = 5;

/** The longest message a form takes. */
export const LEAD_MESSAGE_MAX = 5000;

export const LEAD_LANGUAGES = ['en', 'es'] as const;

export const LEAD_FIELD_MESSAGES = {
  required: 'This field is required',
  name_too_long: `Name must be at most ${String(FIELD_MAX.name)} characters.`,
  email_invalid: 'Please enter a valid e-mail address.',
  email_too_long: `E-mail must be at most ${String(FIELD_MAX.email)} characters.`,
  phone_too_long: `Phone must be at most ${String(FIELD_MAX.phone)} characters.`,
  lms_too_long: `LMS name must be at most ${String(FIELD_MAX.lms)} characters.`,
  role_invalid: 'Please choose a role.',
  number_invalid: 'Please enter a number.',
  message_too_long: `Message must be at most ${String(LEAD_MESSAGE_MAX)} characters.`,
} as const;

const M = LEAD_FIELD_MESSAGES;
const name = z.string(M.required).trim().min(1, M.required).max(FIELD_MAX.name, M.name_too_long);
const email = z
  .string(M.required)
  .trim()
  .min(1, M.required)
  .max(FIELD_MAX.email, M.email_too_long)
  .pipe(z.email(M.email_invalid));
const phone = z.string().trim().max(FIELD_MAX.phone, M.phone_too_long).optional();
const optionalText = (max: number) => z.string().trim().max(max).optional();
const tokens = {
  'security-token-contact': z.string().max(10000).optional(),
  _csrf_token: z.string().max(200).optional(),
};
const language = z.enum(LEAD_LANGUAGES).catch('en').default('en');

/** POST /api/v1/forms/enquiry/ (the "Get in touch" form). */
export const EnquiryFormSchema = z
  .object({
    name,
    email,
    job: z.enum(LEAD_ROLES, M.role_invalid),
    lms: z.string().trim().max(FIELD_MAX.lms, M.lms_too_long).optional(),
    number_of_students: z.string().trim().max(12).optional(),
    phone,
    message: z.string().trim().max(LEAD_MESSAGE_MAX, M.message_too_long).optional(),
    cta: optionalText(200),
    previousURL: optionalText(2000),
    language,
    ...tokens,
  })
  .superRefine((form, ctx) => {
    // a Student is refused as such (lead_student), whatever else was sent
    if (LEAD_ROLES_WITHOUT_LMS.includes(form.job) || form.job === 'Student') return;
    if (form.lms === undefined || form.lms === '') ctx.addIssue({ code: 'custom', path: ['lms'], message: M.required });
    const students = form.number_of_students ?? '';
    if (students === '') ctx.addIssue({ code: 'custom', path: ['number_of_students'], message: M.required });
    else if (!/^\d{1,9}$/.test(students))
      ctx.addIssue({ code: 'custom', path: ['number_of_students'], message: M.number_invalid });
  });
export type EnquiryForm = z.infer<typeof EnquiryFormSchema>;

/** POST /api/v1/forms/contact/. */
export const ContactFormSchema = z.object({
  name,
  email,
  message: z.string(M.required).trim().min(1, M.required).max(LEAD_MESSAGE_MAX, M.message_too_long),
  language,
  ...tokens,
});

/** POST /api/v1/forms/quick-guide/. */
export const QuickGuideFormSchema = z.object({ name, email, phone, cta: optionalText(200), language, ...tokens });

/** POST /send_feedback/request (the custom quote); `token` is the bot-check payload. */
export const CustomQuoteFormSchema = z.object({
  name,
  email,
  message: z.string(M.required).trim().min(1, M.required).max(LEAD_MESSAGE_MAX, M.message_too_long),
  token: z.string().max(10000).optional(),
  language,
  _csrf_token: z.string().max(200).optional(),
});

export const EnquiryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ lead_id: z.number().int(), registered: z.boolean(), redirect: z.string() }),
});
export type EnquiryResponse = z.infer<typeof EnquiryResponseSchema>;

export const LeadOkResponseSchema = z.object({ success: z.literal(true) });

export const QuickGuideResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

/** The quick guide's address in a language (the PDFs are served by the web client's assets). */
export function quickGuideUrl(language: string): string {
  return language === 'es' ? '/assets/es/QuickGuide.pdf' : '/assets/QuickGuide.pdf';
}

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'A day as YYYY-MM-DD.');

/** GET /api/v1/admin/leads/ and …/leads.csv (site administrators): `from` and `to` are UTC days, both included. */
export const AdminLeadsQuerySchema = z.object({
  type: z.enum(LEAD_TYPES).optional(),
  from: Day.optional(),
  to: Day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminLeadsQuery = z.infer<typeof AdminLeadsQuerySchema>;

export const LeadSchema = z.object({
  id: z.number().int(),
  type: z.enum(LEAD_TYPES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  lms: z.string(),
  number_of_students: z.number().int().nullable(),
  message: z.string(),
  cta: z.string(),
  previous_url: z.string(),
  language: z.string(),
  public_mail: z.boolean(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Lead = z.infer<typeof LeadSchema>;

export const AdminLeadsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    leads: z.array(LeadSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type AdminLeadsResponse = z.infer<typeof AdminLeadsResponseSchema>;
