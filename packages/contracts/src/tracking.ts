import { z } from 'zod';

/**
 * User-action tracking (check-tool.md §7 "Tracking posts", commerce-and-cabinet.md §7 "Tracking events").
 * The check-tool funnel steps, in funnel order: each is posted as `checktools-{step}`.
 */
export const FUNNEL_STEPS = [
  'add-text',
  'send-before-registration',
  'registration',
  'first-attempt',
  'need-more-pages',
  'no-balance',
  'buy-more-pages',
  'check-free-page',
  'second-attempt',
  'checkout',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The named events of §7 other than the funnel's and the patterned ones. */
export const TRACKING_NAMED_EVENTS = [
  'create_group',
  'registration',
  'get_help',
  'ai-check-success',
  'lms-cta',
  'lms-sendform',
  'open-b2b-form',
  'send-b2b-form',
  'detect-hidden-text',
  'user-seen-hidden-text',
] as const;

/** `citation_landing-{name}` and `public-email-{form}` (commerce-and-cabinet.md §5): a bounded suffix. */
const PATTERNED_EVENT = /^(citation_landing|public-email)-[a-z0-9][a-z0-9_-]{0,40}$/;

/** Whether `/user-action/{name}/` accepts the event name. */
export function isTrackingEventName(name: string): boolean {
  if ((TRACKING_NAMED_EVENTS as readonly string[]).includes(name)) return true;
  if (name.startsWith('checktools-') && (FUNNEL_STEPS as readonly string[]).includes(name.slice(11))) return true;
  return PATTERNED_EVENT.test(name);
}

/** Whether `/api/v1/user-action/{action}/` accepts the action: AddToCart, RemoveFromCart, checkout, report-{name}. */
export function isUserActionName(name: string): boolean {
  return /^(AddToCart|RemoveFromCart|checkout|report-[a-z0-9][a-z0-9_-]{0,40})$/.test(name);
}

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'A day as YYYY-MM-DD.');

/** GET /api/v1/admin/funnel/ (site administrators): UTC days, both included; at most 366 days. */
export const AdminFunnelQuerySchema = z.object({ from: Day.optional(), to: Day.optional() });
export type AdminFunnelQuery = z.infer<typeof AdminFunnelQuerySchema>;

export const AdminFunnelResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** The funnel steps in funnel order. */
    steps: z.array(z.enum(FUNNEL_STEPS)),
    /** One row per day with any funnel step: distinct visitor sessions per step, in `steps` order. */
    days: z.array(z.object({ day: z.string(), counts: z.array(z.number().int()) })),
    /** Distinct visitor sessions per step over the whole range, in `steps` order. */
    totals: z.array(z.number().int()),
    /** Every other event and user action in the range: posts counted, most first. */
    events: z.array(z.object({ name: z.string(), kind: z.enum(['event', 'action']), count: z.number().int() })),
  }),
});
export type AdminFunnelResponse = z.infer<typeof AdminFunnelResponseSchema>;

export const TrackingOkResponseSchema = z.object({ success: z.literal(true) });
