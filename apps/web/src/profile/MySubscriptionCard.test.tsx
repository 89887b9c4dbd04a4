import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { CANCEL_REASONS } from '@veritext/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { subscriptionTo } from '../commerce/testSubscriptions.ts';
import { CANCEL_REASON_OPTIONS, cancelSurveyError, subscriptionState, upgradeSearch } from './cancelSurvey.ts';
import { CancelSurveyForm, SubscriptionDetails } from './MySubscriptionCard.tsx';

const noop = (): void => undefined;

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Dialog.Root open>{node}</Dialog.Root>
    </MemoryRouter>,
  );
}

function textOf(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('My subscription', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the plan, its price, pages and AI pages per month, the renewal date and the card’s last four digits', () => {
    const markup = html(
      <SubscriptionDetails subscription={subscriptionTo('light')} organisation={null} lang="en" onCancel={noop} />,
    );
    expect(textOf(markup)).toBe(
      'Light Active Price $9.99 per month Pages per month 60 AI pages per month 20 Renews on 31 March 2026 Card •••• ending in 4242 Upgrade Cancel subscription',
    );
    expect(markup).toMatch(/<a class="button button--primary button--small" href="\/pricing\/#subscriptions"/);
  });

  it('a cancelled plan: active until its end date, no renewal, no second cancel', () => {
    const cancelled = subscriptionTo('aiStandard', {
      cancel_at_period_end: true,
      renewal_date: null,
      end_date: '2026-03-31T10:00:00.000Z',
    });
    const markup = html(<SubscriptionDetails subscription={cancelled} organisation={null} lang="en" onCancel={noop} />);
    const text = textOf(markup);
    expect(text).toContain('AI Standard Cancelled');
    expect(text).toContain('Active until 31 March 2026');
    expect(text).toContain('Cancelled: it stays active until 31 March 2026 and will not renew.');
    expect(text).not.toContain('Cancel subscription');
    expect(text).not.toContain('Pages per month');
    // its upgrade opens the widget on the AI tab
    expect(markup).toContain('href="/pricing/?ai=#subscriptions"');
  });

  it('an organisation’s plan is named for it; a declined renewal says it is retried', () => {
    const team = subscriptionTo('lightTeams', { status: 3 });
    const text = textOf(
      html(<SubscriptionDetails subscription={team} organisation="North School" lang="en" onCancel={noop} />),
    );
    expect(text).toContain('Light Payment declined for North School');
    expect(text).toContain('We try your card again each day for up to 3 days');
  });

  it('the farewell survey: every reason with a label, an optional comment, and the plan stays until its end', () => {
    const markup = html(
      <CancelSurveyForm subscription={subscriptionTo('light')} lang="en" isBusy={false} error={null} onSubmit={noop} />,
    );
    const reasons = [...markup.matchAll(/<input type="radio" name="[^"]+" value="([^"]+)"/g)].map((match) => match[1]);
    expect(reasons).toEqual([...CANCEL_REASONS]);
    const text = textOf(markup);
    expect(text).toContain(
      'Your Light plan stays active until 31 March 2026, the end of the month you have paid for. It will not renew',
    );
    expect(text).toContain('Why are you leaving?');
    expect(text).toContain('It is too expensive');
    expect(text).toContain('Anything else you would like to tell us? (optional)');
    expect(markup).toContain('maxLength="1000"');
    expect(text).toContain('Keep my subscription Cancel subscription');
    const busy = html(
      <CancelSurveyForm subscription={subscriptionTo('light')} lang="en" isBusy error={null} onSubmit={noop} />,
    );
    expect(busy).toMatch(/class="button button--danger" disabled="" aria-busy="true"><span class="spinner/);
  });

  it('every reason has a human label in English and Spanish; a reason must be chosen', () => {
    for (const option of CANCEL_REASON_OPTIONS) {
      const [, , reason] = option.key.split('.');
      expect(en.mySubscription.reasons).toHaveProperty(reason ?? '');
      expect(es.mySubscription.reasons).toHaveProperty(reason ?? '');
    }
    expect(cancelSurveyError({ reason: null, comment: 'x' })).toBe('mySubscription.reasonRequired');
    expect(cancelSurveyError({ reason: 'other', comment: '' })).toBeNull();
  });

  it('names the state and opens the widget on the plan’s own tab', () => {
    expect(subscriptionState({ status: 2, cancel_at_period_end: false })).toBe('active');
    expect(subscriptionState({ status: 2, cancel_at_period_end: true })).toBe('cancelled');
    expect(subscriptionState({ status: 3, cancel_at_period_end: false })).toBe('pastDue');
    expect(subscriptionState({ status: 4, cancel_at_period_end: true })).toBe('ended');
    expect(upgradeSearch('individ')).toBe('');
    expect(upgradeSearch('team')).toBe('?team=');
    expect(upgradeSearch('ai')).toBe('?ai=');
  });
});
