import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FUNNEL_PREREQUISITES, FUNNEL_STEPS, funnelStep, setFunnelStore } from './funnel.ts';
import { setTrackingEnvironment, trackEvent, trackUserAction, TRACK_SESSION_KEY } from './track.ts';

type Sent = { url: string; body: Record<string, string>; token: string | null };

function memoryStore(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
    clear: () => {
      map.clear();
    },
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('tracking and the check-tool funnel', () => {
  let sent: Sent[];
  let logged: string[];
  let dataLayer: unknown;
  let session: Storage;
  let serial: number;
  let fail: boolean;

  beforeEach(() => {
    sent = [];
    logged = [];
    dataLayer = [];
    session = memoryStore();
    serial = 0;
    fail = false;
    setFunnelStore(session);
    setTrackingEnvironment({
      getDataLayer: () => dataLayer,
      getData: () => ({ page: 'check', lang: 'en', nested: { no: 1 }, count: 3 }),
      getToken: () => 'token-1',
      session,
      now: () => new Date('2026-11-26T12:00:00Z'),
      randomId: () => {
        serial += 1;
        return `visitor-${String(serial).padStart(4, '0')}`;
      },
      logError: (message) => {
        logged.push(message);
      },
      post: (url, body, token) => {
        sent.push({ url, body: Object.fromEntries(body), token });
        return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    });
  });
  afterEach(() => {
    setTrackingEnvironment(null);
    setFunnelStore(undefined);
  });

  const names = () => sent.map((s) => s.url);

  it('sends nothing and records nothing without a data layer', () => {
    dataLayer = undefined;
    expect(funnelStep('add-text')).toBe(false);
    trackEvent('get_help');
    trackUserAction('AddToCart');
    expect(sent).toEqual([]);
    dataLayer = [];
    // the step was not recorded: it fires once a data layer exists
    expect(funnelStep('add-text')).toBe(true);
    expect(names()).toEqual(['/user-action/checktools-add-text/']);
  });

  it('fires each step once per visitor session', () => {
    expect(funnelStep('add-text')).toBe(true);
    expect(funnelStep('add-text')).toBe(false);
    expect(funnelStep('first-attempt')).toBe(true);
    expect(funnelStep('first-attempt')).toBe(false);
    expect(names()).toEqual(['/user-action/checktools-add-text/', '/user-action/checktools-first-attempt/']);
  });

  it('fires a step only after one of its prerequisites', () => {
    expect(funnelStep('first-attempt')).toBe(false);
    expect(funnelStep('checkout')).toBe(false);
    expect(funnelStep('registration')).toBe(false);
    expect(sent).toEqual([]);
    funnelStep('add-text');
    expect(funnelStep('registration')).toBe(false); // needs send-before-registration
    expect(funnelStep('send-before-registration')).toBe(true);
    expect(funnelStep('registration')).toBe(true);
    expect(funnelStep('buy-more-pages')).toBe(false); // needs need-more-pages or no-balance
    funnelStep('first-attempt');
    expect(funnelStep('no-balance')).toBe(true);
    expect(funnelStep('buy-more-pages')).toBe(true);
    expect(funnelStep('check-free-page')).toBe(true);
    expect(funnelStep('second-attempt')).toBe(true);
  });

  it('orders the prerequisite table: every prerequisite is an earlier step', () => {
    for (const step of FUNNEL_STEPS) {
      for (const need of FUNNEL_PREREQUISITES[step]) {
        expect(FUNNEL_STEPS.indexOf(need), `${step} after ${need}`).toBeLessThan(FUNNEL_STEPS.indexOf(step));
      }
    }
  });

  it('ends the visitor session at checkout: the funnel starts again under a new session id', () => {
    for (const step of ['add-text', 'first-attempt', 'need-more-pages', 'buy-more-pages', 'checkout'] as const) {
      expect(funnelStep(step), step).toBe(true);
    }
    const before = new Set(sent.map((s) => s.body.sid));
    expect(before.size).toBe(1);
    expect(session.getItem(TRACK_SESSION_KEY)).toBeNull();
    expect(funnelStep('checkout')).toBe(false);
    expect(funnelStep('add-text')).toBe(true);
    const after = sent.at(-1)?.body.sid;
    expect(after).toBeDefined();
    expect(before.has(after ?? '')).toBe(false);
  });

  it('posts the timestamp, the visitor session and the global data object’s plain values', () => {
    trackEvent('get_help', { where: 'footer' });
    expect(sent).toEqual([
      {
        url: '/user-action/get_help/',
        body: { page: 'check', lang: 'en', count: '3', where: 'footer', timestamp: '1795694400', sid: 'visitor-0001' },
        token: null,
      },
    ]);
    trackUserAction('report-pdf');
    expect(sent[1]).toMatchObject({ url: '/api/v1/user-action/report-pdf/', token: 'token-1' });
  });

  it('refuses names the server would refuse, and only logs', () => {
    trackEvent('../admin');
    trackUserAction('Delete');
    expect(sent).toEqual([]);
    expect(logged).toHaveLength(2);
  });

  it('only logs a failed post', async () => {
    fail = true;
    expect(() => {
      trackEvent('get_help');
    }).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged).toEqual(['Tracking /user-action/get_help/ failed']);
  });
});
