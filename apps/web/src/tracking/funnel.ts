import { FUNNEL_STEPS, type FunnelStep } from '@veritext/contracts';
import { endVisitorSession, isTrackingEnabled, trackEvent } from './track.ts';

/**
 * The check-tool funnel (check-tool.md §7): each step fires `checktools-{step}` once per visitor session, and
 * only after its prerequisites. A step with several prerequisites needs any one of them (the paths through
 * the check form branch: a guest is told "need more pages" or "no balance", then buys or checks one free page).
 * `checkout` ends the visitor session: the fired steps are forgotten and a new session id is drawn.
 *
 *   add-text ─┬─ send-before-registration ── registration
 *             └─ first-attempt ─┬─ need-more-pages ─┬─ buy-more-pages ── checkout (ends the session)
 *                               ├─ no-balance ──────┤
 *                               │                   └─ check-free-page
 *                               └─ second-attempt
 */
export { FUNNEL_STEPS, type FunnelStep };

/** Each step's prerequisites: any one of them must have fired earlier in this visitor session. */
export const FUNNEL_PREREQUISITES: Readonly<Record<FunnelStep, readonly FunnelStep[]>> = {
  'add-text': [],
  'send-before-registration': ['add-text'],
  registration: ['send-before-registration'],
  'first-attempt': ['add-text'],
  'need-more-pages': ['first-attempt'],
  'no-balance': ['first-attempt'],
  'buy-more-pages': ['need-more-pages', 'no-balance'],
  'check-free-page': ['need-more-pages', 'no-balance'],
  'second-attempt': ['first-attempt'],
  checkout: ['buy-more-pages'],
};

export const FUNNEL_STORAGE_KEY = 'vt_funnel';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isStep(value: unknown): value is FunnelStep {
  return typeof value === 'string' && (FUNNEL_STEPS as readonly string[]).includes(value);
}

/** The steps fired in this visitor session. */
export function readFiredSteps(store: Store | null): Set<FunnelStep> {
  try {
    const raw = store?.getItem(FUNNEL_STORAGE_KEY) ?? null;
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter(isStep) : []);
  } catch {
    return new Set();
  }
}

/** Whether `step` may fire now: not yet fired, and (if it has any) one prerequisite fired. */
export function canFire(step: FunnelStep, fired: ReadonlySet<FunnelStep>): boolean {
  if (fired.has(step)) return false;
  const needs = FUNNEL_PREREQUISITES[step];
  return needs.length === 0 || needs.some((need) => fired.has(need));
}

function browserSession(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

let storeOverride: Store | null | undefined;

/** Tests: the store the funnel keeps its state in (`undefined` goes back to sessionStorage). */
export function setFunnelStore(store: Store | null | undefined): void {
  storeOverride = store;
}

/**
 * Records a funnel step and posts `checktools-{step}`, if it may fire. Nothing is recorded without a data layer
 * (no tracking, no state: a later visit with a tag manager starts the funnel afresh). Returns whether it fired.
 */
export function funnelStep(step: FunnelStep): boolean {
  if (!isTrackingEnabled()) return false;
  const store = storeOverride === undefined ? browserSession() : storeOverride;
  const fired = readFiredSteps(store);
  if (!canFire(step, fired)) return false;
  fired.add(step);
  try {
    store?.setItem(FUNNEL_STORAGE_KEY, JSON.stringify([...fired]));
  } catch {
    // Storage may be full or disabled: the step still goes out.
  }
  trackEvent(`checktools-${step}`);
  if (step === 'checkout') {
    try {
      store?.removeItem(FUNNEL_STORAGE_KEY);
    } catch {
      // Nothing to forget.
    }
    endVisitorSession();
  }
  return true;
}
