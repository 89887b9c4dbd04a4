import { renderToStaticMarkup } from 'react-dom/server';
import * as Dialog from '@radix-ui/react-dialog';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { ConfirmContent } from './ConfirmModal.tsx';
import type { ConfirmAudience, ConfirmData } from './confirmModel.ts';

const audience = (partial: Partial<ConfirmAudience> = {}): ConfirmAudience => ({
  isGuest: false,
  isSubscriber: false,
  isNewUser: false,
  canBuy: true,
  ...partial,
});

function render(data: ConfirmData, options: { isCheckingOffer?: boolean } = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Dialog.Root open>
        <ConfirmContent
          data={data}
          onRun={() => undefined}
          onRunAllowed={() => undefined}
          onSignUp={() => undefined}
          onBuyMore={() => undefined}
          onNotify={() => undefined}
          isCheckingOffer={options.isCheckingOffer}
        />
      </Dialog.Root>
    </MemoryRouter>,
  );
}

const text = (
  pagesNeeded: number,
  balance: number,
  who: Partial<ConfirmAudience> = {},
  aiMode = false,
): ConfirmData => ({
  audience: audience(who),
  aiMode,
  balance,
  avatar: '/avatar/abc.svg',
  summary: { kind: 'text', pagesNeeded },
});

describe('the confirm modal', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('a covered text: balance, avatar, summary and Run check only', () => {
    const html = render(text(2, 5));
    expect(html).toContain('Balance: 5 pages');
    expect(html).toContain('<img class="confirm__avatar" src="/avatar/abc.svg" alt="Your avatar"');
    expect(html).toContain('<dt>Pages needed</dt><dd>2</dd>');
    expect(html).toContain('<dt>Your balance</dt><dd>5</dd>');
    expect(html).toContain('<dt>Words per page</dt><dd>275</dd>');
    expect(html).toContain('Run check');
    expect(html).not.toContain('Buy more pages');
    expect(html).not.toContain('Check only');
  });

  it('prefixes AI in AI mode', () => {
    expect(render(text(1, 3, {}, true))).toContain('Balance: 3 AI pages');
  });

  it('a guest without pages: sign up, no partial check, a generic avatar', () => {
    const html = render({ ...text(3, 0, { isGuest: true }), avatar: '' });
    expect(html).toContain('>Sign up</button>');
    expect(html).not.toContain('Check only');
    expect(html).not.toContain('Run check');
    expect(html).toContain('<span class="avatar" aria-hidden="true"></span>');
  });

  it('a short past buyer: Buy more pages (the add-more-pages modal) and check only the allowed pages', () => {
    const html = render(text(5, 2));
    expect(html).toContain('<button type="button" class="button button--primary">Buy more pages</button>');
    expect(html).not.toContain('/pricing/');
    expect(html).toContain('Check only the first 2 pages');
    expect(html).not.toContain('Run check');
  });

  it('a subscriber or a new user: Subscribe now, to the subscription widget (the AI plans in AI mode)', () => {
    for (const who of [{ isSubscriber: true }, { isNewUser: true }]) {
      const html = render(text(5, 1, who));
      expect(html).toContain('href="/pricing/#subscriptions"');
      expect(html).toContain('>Subscribe now</a>');
      expect(html).toContain('Check only the first page');
      expect(html).not.toContain('Buy more pages');
    }
    expect(render(text(5, 1, { isNewUser: true }, true))).toContain('href="/pricing/?ai=#subscriptions"');
  });

  it('in Spanish a new user is offered to subscribe now, on the Spanish pricing page', async () => {
    await initI18n('es');
    try {
      const html = render(text(5, 1, { isNewUser: true }));
      expect(html).toContain('>Suscribirse ahora</a>');
      expect(html).toContain('href="/es/pricing/#subscriptions"');
    } finally {
      await initI18n('en');
    }
  });

  it('while the packages count is read, the offer waits (a progress indicator, no wrong offer)', () => {
    const html = render(text(5, 1, { isNewUser: true }), { isCheckingOffer: true });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('Subscribe now');
    expect(html).not.toContain('Buy more pages');
  });

  it('a group member who is not the owner: the contact-your-Administrator message and Notify admin, no buying', () => {
    const html = render(text(5, 1, { canBuy: false }));
    expect(html).not.toContain('Buy more pages');
    expect(html).not.toContain('Subscribe now');
    expect(html).not.toContain('/pricing/');
    expect(html.replaceAll('&#x27;', "'")).toContain(
      "Your organization doesn't have enough pages on its balance to complete the check.",
    );
    expect(html).toMatch(
      /Please contact your Administrator or get in touch with our team <a href="\/contact-us\/"[^>]*>here<\/a>\./,
    );
    expect(html).toContain('>Notify admin</button>');
    expect(html).toContain('Check only the first page');
    expect(render(text(5, 0, { canBuy: false }, true))).toContain('have enough AI pages');
  });

  it('files: each with its pages and a total; Run check disabled at 0; offers with an empty balance', () => {
    const files: ConfirmData = {
      ...text(0, 4),
      summary: {
        kind: 'files',
        files: [
          { name: 'a.docx', pages: 2 },
          { name: 'b.pdf', pages: 1 },
        ],
        loading: false,
      },
    };
    const html = render(files);
    expect(html).toContain('<td class="confirm__file-name">a.docx</td><td>2</td>');
    expect(html).toContain('<td class="confirm__file-name">b.pdf</td><td>1</td>');
    expect(html).toContain('<th scope="row">Total</th><td>3</td>');
    expect(html).toMatch(/<button type="button" class="button button--primary">Run check<\/button>/);
    const none = render({
      ...files,
      balance: 0,
      summary: { kind: 'files', files: [{ name: 'x.txt', pages: 0 }], loading: false },
    });
    expect(none).toMatch(/<button type="button" class="button button--primary" disabled="">Run check<\/button>/);
    expect(none).toContain('Buy more pages');
    const loading = render({
      ...files,
      summary: { kind: 'files', files: [{ name: 'x.txt', pages: 2 }], loading: true },
    });
    expect(loading).toContain('disabled=""');
  });
});
