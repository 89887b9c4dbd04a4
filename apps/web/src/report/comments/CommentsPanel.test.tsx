import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportComment, ReportCommentsResponse } from '@veritext/contracts';
import { ServicesContext } from '../../app/ServicesContext.tsx';
import type { Services } from '../../app/services.ts';
import { i18next, initI18n } from '../../i18n/index.ts';
import { commentBodyProblem, commentsQueryKey, orderComments, quotePreview, roleOf } from './comments.ts';
import { CommentsPanel } from './CommentsPanel.tsx';

function comment(partial: Partial<ReportComment> & Pick<ReportComment, 'id'>): ReportComment {
  return {
    body: 'A comment.',
    start: null,
    end: null,
    quote: null,
    author: { name: 'Tina Teacher', role: 2 },
    is_mine: false,
    created_at: '2026-11-20T09:30:00.000Z',
    ...partial,
  };
}

const COMMENTS: ReportComment[] = [
  comment({ id: 3, body: 'Cite this source.', start: 40, end: 60, quote: 'the garden was planted', is_mine: true }),
  comment({ id: 1, body: 'Good structure overall.', author: { name: 'Olga Owner', role: 1 } }),
  comment({ id: 2, body: 'Earlier note.', author: null, start: 5, end: 9, quote: 'wall' }),
];

function render(
  data: ReportCommentsResponse['data'] | null,
  props: { canComment?: boolean; selection?: { start: number; end: number; quote: string } | null } = {},
): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (data !== null) queryClient.setQueryData(commentsQueryKey(42), data);
  const services = {
    endpoints: { reportComments: () => new Promise(() => undefined) },
  } as unknown as Services;
  const wrap = (children: ReactNode) => (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
  return renderToStaticMarkup(
    wrap(
      <CommentsPanel
        checkId={42}
        canComment={props.canComment ?? true}
        selection={props.selection ?? null}
        onSelectionUsed={() => undefined}
      />,
    ),
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the comments panel of a report (issue 17: comments, general and on a selection)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('checks a comment before it is sent, and orders the list: general first, then by place in the text', () => {
    expect(commentBodyProblem('   ')).toBe('required');
    expect(commentBodyProblem('x'.repeat(2001))).toBe('too_long');
    expect(commentBodyProblem(` ${'x'.repeat(2000)} `)).toBeNull();
    expect(orderComments(COMMENTS).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(quotePreview('a  long\n passage', 10)).toBe('a long pa…');
    expect(roleOf(COMMENTS[1]!)).toBe('owner');
    expect(roleOf(COMMENTS[0]!)).toBe('teacher');
    expect(roleOf(COMMENTS[2]!)).toBeNull();
  });

  it("shows each comment's author, role, date, quoted passage and text; Delete only on the reader's own", () => {
    const html = render({ comments: COMMENTS, can_comment: true });
    expect(html).toMatch(/<section class="report-comments" aria-labelledby="[^"]+" data-testid="report-comments">/);
    expect(textOf(html)).toContain('Comments : 3');
    const items = html.split('<li class="report-comment"').slice(1);
    expect(items).toHaveLength(3);
    expect(textOf(items[0]!)).toContain('Olga Owner Administrator');
    expect(textOf(items[0]!)).toContain('On the whole report Good structure overall.');
    expect(items[0]).toContain('dateTime="2026-11-20T09:30:00.000Z"');
    expect(textOf(items[1]!)).toContain('A former member');
    expect(items[1]).toMatch(/<blockquote class="report-comment__quote">.*wall<\/blockquote>/);
    expect(textOf(items[2]!)).toContain('You Teacher');
    expect(items[2]).toContain('the garden was planted');
    expect(html.match(/report-comment__delete/g)).toHaveLength(1);
    expect(items[2]).toContain('report-comment__delete');
  });

  it('offers a teacher the form: on the selected passage when there is one, else on the whole report', () => {
    const whole = render({ comments: [], can_comment: true });
    expect(textOf(whole)).toContain('No comments yet.');
    expect(textOf(whole)).toContain('To comment on a passage, select it in the text.');
    expect(whole).toMatch(/<label for="[^"]+" class="field__label">Comment on the whole report<\/label>/);
    expect(whole).toMatch(/<textarea[^>]*maxLength="2000"/);
    expect(whole).toContain('>Add comment</button>');

    const onSelection = render(
      { comments: [], can_comment: true },
      { selection: { start: 4, end: 20, quote: 'rivers shape valleys' } },
    );
    expect(textOf(onSelection)).toContain('Your comment is on the selected passage: rivers shape valleys');
    expect(onSelection).toContain('>Comment on the whole report instead</button>');
    expect(onSelection).toMatch(/class="field__label">Comment on the selected passage<\/label>/);
  });

  it('shows a student the comments without a form, whatever the page thinks', () => {
    const html = render({ comments: COMMENTS, can_comment: false });
    expect(html).not.toContain('<textarea');
    expect(textOf(html)).toContain('Only teachers can add comments.');
    const notAllowedByPage = render({ comments: COMMENTS, can_comment: true }, { canComment: false });
    expect(notAllowedByPage).not.toContain('<form');
  });

  it('shows that it is loading until the comments come', () => {
    const html = render(null);
    expect(textOf(html)).toContain('Loading comments…');
    expect(html).not.toContain('report-comments__list');
  });

  it('speaks Spanish', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = render({ comments: COMMENTS.slice(0, 2), can_comment: true });
      expect(textOf(html)).toContain('Comentarios');
      expect(textOf(html)).toContain('Sobre todo el informe');
      expect(html).toContain('>Añadir comentario</button>');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
