import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '@veritext/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { localeOf } from '../i18n/format.ts';
import { useLanguage, useUiLanguage } from '../language/useLanguage.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { NOTICES_QUERY_KEY, noticeActionPath, senderOf } from './notices.ts';

const REQUEST_KEYS = {
  pages: 'notices.requests.pages',
  ai_pages: 'notices.requests.ai_pages',
  upgrade: 'notices.requests.upgrade',
} as const;

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const lang = useLanguage();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const describeError = useErrorText();
  const read = useMutation({
    mutationFn: () => endpoints.readNotice(notice.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
  const when = new Intl.DateTimeFormat(localeOf(ui), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(notice.created_at),
  );
  return (
    <li className={`card notice${notice.read ? '' : ' notice--unread'}`} data-notice-id={notice.id}>
      <p className="notice__text">
        {notice.read ? null : <span className="visually-hidden">{t('notices.unreadMark')} </span>}
        {t('notices.item', {
          member: senderOf(notice),
          request: t(REQUEST_KEYS[notice.reason]),
          group: notice.group.name,
        })}
      </p>
      <p className="muted notice__meta">
        {notice.from.email} · <time dateTime={notice.created_at}>{when}</time>
      </p>
      <div className="notice__actions">
        <Link className="button button--small button--primary" to={noticeActionPath(notice, lang)}>
          {t(notice.reason === 'upgrade' ? 'notices.upgrade' : 'notices.buy', { group: notice.group.name })}
        </Link>
        {notice.read ? null : (
          <button
            type="button"
            className="button button--small"
            disabled={read.isPending}
            aria-busy={read.isPending}
            onClick={() => read.mutate()}
          >
            {read.isPending ? <Spinner size="sm" /> : null}
            {t('notices.markRead')}
          </button>
        )}
      </div>
      {read.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(read.error)}
        </p>
      ) : null}
    </li>
  );
}

/** /profile/notices/: members' requests to the owner (the notify modal's other end). */
export function NoticesPage() {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const notices = useQuery({ queryKey: NOTICES_QUERY_KEY, queryFn: () => endpoints.notices() });

  let content: React.JSX.Element;
  if (notices.isPending) content = <LoadingBlock label={t('notices.loading')} />;
  else if (notices.isError) {
    content = (
      <div className="alert alert--error" role="alert">
        <p>
          {t('notices.failed')} {describeError(notices.error)}
        </p>
        <button type="button" className="button button--small" onClick={() => void notices.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (notices.data.notices.length === 0) {
    content = <p className="card notice notice--empty">{t('notices.empty')}</p>;
  } else {
    content = (
      <ul className="notices" aria-label={t('notices.listLabel', { count: notices.data.unread })}>
        {notices.data.notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </ul>
    );
  }
  return (
    <div className="container page notices-page">
      <PageIntro title={t('notices.title')} lead={t('notices.lead')} />
      {content}
    </div>
  );
}
