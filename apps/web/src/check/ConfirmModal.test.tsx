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

function render(data: ConfirmData): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Dialog.Root open>
        <ConfirmContent data={data} onRun={() => undefined} onRunAllowed={() => undefined} onSignUp={() => undefined} />
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

  it('a short individual: buy more pages (to pricing) and check only the allowed pages', () => {
    const html = render(text(5, 2));
    expect(html).toContain('href="/pricing/"');
    expect(html).toContain('Buy more pages');
    expect(html).toContain('Check only the first 2 pages');
    expect(html).not.toContain('Run check');
  });

  it('a subscriber or a new user: buy pages (to pricing); subscriptions are not advertised (issue 13 A5)', () => {
    for (const who of [{ isSubscriber: true }, { isNewUser: true }]) {
      const html = render(text(5, 1, who));
      expect(html).toContain('href="/pricing/"');
      expect(html).toContain('>Buy pages</a>');
      expect(html).toContain('Check only the first page');
      expect(html.toLowerCase()).not.toContain('subscri');
    }
  });

  it('in Spanish a new user is offered to buy pages, never a subscription', async () => {
    await initI18n('es');
    try {
      const html = render(text(5, 1, { isNewUser: true }));
      expect(html).toContain('>Comprar páginas</a>');
      expect(html.toLowerCase()).not.toContain('suscr');
    } finally {
      await initI18n('en');
    }
  });

  it('a group member who is not the owner gets no buy link', () => {
    const html = render(text(5, 1, { canBuy: false }));
    expect(html).not.toContain('Buy more pages');
    expect(html).not.toContain('/pricing/');
    expect(html).toContain('Check only the first page');
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
