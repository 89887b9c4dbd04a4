import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CITATION_SOURCE_TYPES,
  CITATION_STYLES,
  CITATION_TYPE_FIELDS,
  CITATION_TYPES_WITH_EDITORS,
  normaliseDoi,
  normaliseIsbn,
  type CitationPerson,
  type CitationSourceType,
  type CitationStyle,
  type CitationTextField,
} from '@veritext/contracts';
import { createCsrfCache } from '../api/csrf.ts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock, Spinner } from '../components/Spinner.tsx';
import { FormField } from '../modals/FormField.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { trackEvent } from '../tracking/track.ts';
import {
  addGuestEntry,
  copyCitation,
  draftProblems,
  draftToSource,
  emptyDraft,
  EMPTY_PERSON,
  parseCitationHtml,
  readGuestHistory,
  sourceToDraft,
  writeGuestHistory,
  type CitationDraft,
  type LocalCitation,
  type RichPart,
} from './citationForm.ts';
import { createCitationsApi } from './citationsApi.ts';
import '../styles/citations.css';

const STYLE_KEYS: Record<CitationStyle, string> = {
  apa: 'citations.styles.apa',
  mla: 'citations.styles.mla',
  chicago: 'citations.styles.chicago',
  harvard: 'citations.styles.harvard',
  'apa-es': 'citations.styles.apaEs',
};
const TYPE_KEYS: Record<CitationSourceType, string> = {
  book: 'citations.types.book',
  article: 'citations.types.article',
  webpage: 'citations.types.webpage',
  chapter: 'citations.types.chapter',
  thesis: 'citations.types.thesis',
};
const FIELD_KEYS: Record<CitationTextField, string> = {
  title: 'citations.fields.title',
  container_title: 'citations.fields.containerTitle',
  publisher: 'citations.fields.publisher',
  place: 'citations.fields.place',
  year: 'citations.fields.year',
  published: 'citations.fields.published',
  accessed: 'citations.fields.accessed',
  edition: 'citations.fields.edition',
  volume: 'citations.fields.volume',
  issue: 'citations.fields.issue',
  pages: 'citations.fields.pages',
  url: 'citations.fields.url',
  doi: 'citations.fields.doi',
  isbn: 'citations.fields.isbn',
  university: 'citations.fields.university',
  degree: 'citations.fields.degree',
};
/** The container's name differs by type: the journal, the website, the book a chapter is in. */
const CONTAINER_KEYS: Partial<Record<CitationSourceType, string>> = {
  article: 'citations.fields.journal',
  webpage: 'citations.fields.website',
  chapter: 'citations.fields.bookTitle',
};
const PROBLEM_KEYS = {
  required: 'citations.problems.required',
  year: 'citations.problems.year',
  date: 'citations.problems.date',
  url: 'citations.problems.url',
} as const;

function RichText({ parts }: { parts: RichPart[] }): ReactNode {
  return parts.map((part, index) => {
    if (part.tag === null) return <Fragment key={index}>{part.text}</Fragment>;
    const children = <RichText parts={part.children} />;
    const Tag = part.tag;
    return (
      <Tag key={index} style={part.smallCaps ? { fontVariant: 'small-caps' } : undefined}>
        {children}
      </Tag>
    );
  });
}

function Reference({ html }: { html: string }) {
  const parts = useMemo(() => parseCitationHtml(html), [html]);
  return <RichText parts={parts} />;
}

function PeopleEditor({
  legend,
  people,
  prefix,
  onChange,
  addLabel,
}: {
  legend: string;
  people: CitationPerson[];
  prefix: string;
  onChange: (people: CitationPerson[]) => void;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const set = (index: number, part: keyof CitationPerson, value: string) => {
    onChange(people.map((person, i) => (i === index ? { ...person, [part]: value } : person)));
  };
  return (
    <fieldset className="citations__people">
      <legend className="field__label">{legend}</legend>
      {people.map((person, index) => (
        <div className="citations__person" key={index}>
          <FormField
            id={`${prefix}-${String(index)}-given`}
            label={t('citations.fields.given')}
            value={person.given}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              set(index, 'given', event.target.value);
            }}
          />
          <FormField
            id={`${prefix}-${String(index)}-family`}
            label={t('citations.fields.family')}
            value={person.family}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              set(index, 'family', event.target.value);
            }}
          />
          <button
            type="button"
            className="button button--small button--ghost citations__remove"
            aria-label={t('citations.removePerson', { n: index + 1 })}
            onClick={() => {
              onChange(people.filter((_, i) => i !== index));
            }}
          >
            {t('citations.remove')}
          </button>
        </div>
      ))}
      {people.length < 20 ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            onChange([...people, { ...EMPTY_PERSON }]);
          }}
        >
          {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

type Generated = { text: string; html: string };

/** The citation generator (/citation-generator/ and /es/citation-generator/): no login needed, none redirected. */
export function CitationGeneratorPage({ initialType = 'book' }: { initialType?: CitationSourceType }) {
  const { t, i18n } = useTranslation();
  const { client, storage } = useServices();
  const session = useSession();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const api = useMemo(() => createCitationsApi(client, createCsrfCache(client)), [client]);
  const signedIn = session.status === 'user' && session.profile !== null && !session.profile.is_guest;

  const [style, setStyle] = useState<CitationStyle>(() => (i18n.language === 'es' ? 'apa-es' : 'apa'));
  const [type, setType] = useState<CitationSourceType>(initialType);
  const [draft, setDraft] = useState<CitationDraft>(emptyDraft);
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Generated | null>(null);
  const [notice, setNotice] = useState('');
  const [guestHistory, setGuestHistory] = useState<LocalCitation[]>(() => readGuestHistory(storage));

  useEffect(() => {
    trackEvent('citation_landing-page');
  }, []);

  const settings = useQuery({
    queryKey: ['citations', 'settings'],
    queryFn: () => api.settings(),
    staleTime: Infinity,
  });
  const history = useQuery({
    queryKey: ['citations', 'history'],
    queryFn: () => api.history(),
    enabled: signedIn,
    staleTime: 0,
  });
  const entries: LocalCitation[] = signedIn ? (history.data ?? []) : guestHistory;

  const problems = draftProblems(type, draft);
  const setField = (field: CitationTextField, value: string) => {
    setDraft((current) => ({ ...current, fields: { ...current.fields, [field]: value } }));
  };

  async function generate(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowProblems(true);
    setNotice('');
    if (Object.keys(problems).length > 0) {
      document.getElementById('citation-title')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const source = draftToSource(type, draft);
    try {
      if (signedIn) {
        const entry = await api.add(style, type, source);
        setResult({ text: entry.text, html: entry.html });
        await queryClient.invalidateQueries({ queryKey: ['citations', 'history'] });
      } else {
        const formatted = await api.format(style, type, source);
        setResult(formatted);
        setGuestHistory(addGuestEntry(storage, { style, type, source, ...formatted }));
      }
      // the reference is below the form on a phone: take the reader (and a screen reader) to it
      window.setTimeout(() => {
        document.getElementById('citation-result-title')?.focus();
      }, 0);
      trackEvent(`citation_landing-${style}`);
    } catch (caught) {
      setError(toErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  async function copy(text: string, html: string) {
    const copied = await copyCitation('clipboard' in navigator ? navigator.clipboard : undefined, text, html);
    setNotice(copied ? t('citations.copied') : t('citations.copyFailed'));
    if (copied) trackEvent('citation_landing-copy');
  }

  async function remove(entry: LocalCitation) {
    setError(null);
    if (!signedIn) {
      const next = guestHistory.filter((e) => e.id !== entry.id);
      writeGuestHistory(storage, next);
      setGuestHistory(next);
      return;
    }
    try {
      await api.remove(entry.id);
      await queryClient.invalidateQueries({ queryKey: ['citations', 'history'] });
    } catch (caught) {
      setError(toErrorText(caught));
    }
  }

  async function clear() {
    setError(null);
    if (!signedIn) {
      writeGuestHistory(storage, []);
      setGuestHistory([]);
      return;
    }
    try {
      await api.clear();
      await queryClient.invalidateQueries({ queryKey: ['citations', 'history'] });
    } catch (caught) {
      setError(toErrorText(caught));
    }
  }

  return (
    <div className="container page citations">
      <PageIntro title={t('pages.citation.title')} lead={t('pages.citation.lead')} />
      <div className="citations__layout">
        <form className="card citations__form" noValidate onSubmit={(event) => void generate(event)}>
          <div className="field">
            <label htmlFor="citation-style" className="field__label">
              {t('citations.style')}
            </label>
            <select
              id="citation-style"
              className="field__input"
              value={style}
              onChange={(event) => {
                setStyle(event.target.value as CitationStyle);
              }}
            >
              {CITATION_STYLES.map((key) => (
                <option key={key} value={key}>
                  {t(STYLE_KEYS[key])}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="citations__types">
            <legend className="field__label">{t('citations.sourceType')}</legend>
            <div className="citations__type-list">
              {CITATION_SOURCE_TYPES.map((key) => (
                <label key={key} className={key === type ? 'citations__type citations__type--on' : 'citations__type'}>
                  <input
                    type="radio"
                    name="citation-type"
                    value={key}
                    checked={key === type}
                    onChange={() => {
                      setType(key);
                    }}
                  />
                  {t(TYPE_KEYS[key])}
                </label>
              ))}
            </div>
          </fieldset>
          {settings.data?.lookup === true ? (
            <Lookup
              api={api}
              onFound={(found) => {
                setType(found.type);
                setDraft(sourceToDraft(found.source));
              }}
            />
          ) : null}
          <PeopleEditor
            legend={t('citations.authors')}
            people={draft.authors}
            prefix="citation-author"
            addLabel={t('citations.addAuthor')}
            onChange={(authors) => {
              setDraft((current) => ({ ...current, authors }));
            }}
          />
          {CITATION_TYPES_WITH_EDITORS.includes(type) ? (
            <PeopleEditor
              legend={t('citations.editors')}
              people={draft.editors}
              prefix="citation-editor"
              addLabel={t('citations.addEditor')}
              onChange={(editors) => {
                setDraft((current) => ({ ...current, editors }));
              }}
            />
          ) : null}
          <div className="citations__fields">
            {CITATION_TYPE_FIELDS[type].map((field) => {
              const problem = showProblems ? problems[field] : undefined;
              const labelKey =
                field === 'container_title' ? (CONTAINER_KEYS[type] ?? FIELD_KEYS[field]) : FIELD_KEYS[field];
              const isDate = field === 'published' || field === 'accessed';
              return (
                <div
                  key={field}
                  className={
                    field === 'title' || field === 'container_title' || field === 'url' ? 'citations__wide' : undefined
                  }
                >
                  <FormField
                    id={`citation-${field.replace('_', '-')}`}
                    label={field === 'title' ? `${t(labelKey)} *` : t(labelKey)}
                    value={draft.fields[field] ?? ''}
                    maxLength={field === 'url' ? 2000 : 500}
                    inputMode={field === 'year' ? 'numeric' : undefined}
                    placeholder={isDate ? t('citations.datePlaceholder') : field === 'year' ? '2024' : undefined}
                    required={field === 'title'}
                    error={problem === undefined ? undefined : t(PROBLEM_KEYS[problem])}
                    onChange={(event) => {
                      setField(field, event.target.value);
                    }}
                  />
                </div>
              );
            })}
          </div>
          {error === null ? null : (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <div className="citations__actions">
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner size="sm" /> : null}
              {t('citations.generate')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setDraft(emptyDraft());
                setShowProblems(false);
                setResult(null);
                setError(null);
              }}
            >
              {t('citations.reset')}
            </button>
          </div>
        </form>
        <div className="citations__side">
          <p className="citations__notice" role="status">
            {notice}
          </p>
          {result === null ? null : (
            <section className="card citations__result" aria-labelledby="citation-result-title">
              <h2 id="citation-result-title" className="citations__heading" tabIndex={-1}>
                {t('citations.result')}
              </h2>
              <p className="citations__reference" data-testid="citation-result">
                <Reference html={result.html} />
              </p>
              <button type="button" className="button" onClick={() => void copy(result.text, result.html)}>
                {t('citations.copy')}
              </button>
            </section>
          )}
          <section className="card citations__history" aria-labelledby="citation-history-title">
            <div className="citations__history-head">
              <h2 id="citation-history-title" className="citations__heading">
                {t('citations.history')}
              </h2>
              {entries.length > 0 ? (
                <button type="button" className="button button--small button--ghost" onClick={() => void clear()}>
                  {t('citations.clear')}
                </button>
              ) : null}
            </div>
            <p className="citations__hint">{signedIn ? t('citations.historyAccount') : t('citations.historyLocal')}</p>
            {signedIn && history.isPending ? (
              <LoadingBlock label={t('common.loading')} />
            ) : entries.length === 0 ? (
              <p className="muted">{t('citations.historyEmpty')}</p>
            ) : (
              <ul className="citations__entries">
                {entries.map((entry) => (
                  <li key={entry.id} className="citations__entry" data-citation-id={entry.id}>
                    <span className="citations__badge">{t(STYLE_KEYS[entry.style])}</span>
                    <p className="citations__reference">
                      <Reference html={entry.html} />
                    </p>
                    <div className="citations__entry-actions">
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => void copy(entry.text, entry.html)}
                      >
                        {t('citations.copy')}
                      </button>
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        onClick={() => {
                          setStyle(entry.style);
                          setType(entry.type);
                          setDraft(sourceToDraft(entry.source));
                          setResult({ text: entry.text, html: entry.html });
                        }}
                      >
                        {t('citations.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        aria-label={t('citations.deleteLabel', { text: entry.text.slice(0, 60) })}
                        onClick={() => void remove(entry)}
                      >
                        {t('citations.delete')}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="citations__credit">{t('citations.credit')}</p>
        </div>
      </div>
    </div>
  );
}

function Lookup({
  api,
  onFound,
}: {
  api: ReturnType<typeof createCitationsApi>;
  onFound: (found: Awaited<ReturnType<ReturnType<typeof createCitationsApi>['lookup']>>) => void;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  async function find() {
    const isbn = normaliseIsbn(value);
    const doi = isbn === null ? normaliseDoi(value) : null;
    if (isbn === null && doi === null) {
      setError(t('citations.lookupInvalid'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onFound(isbn === null ? await api.lookup('doi', doi ?? '') : await api.lookup('isbn', isbn));
      trackEvent(`citation_landing-lookup-${isbn === null ? 'doi' : 'isbn'}`);
    } catch (caught) {
      setError(toErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="citations__lookup">
      <FormField
        id="citation-lookup"
        label={t('citations.lookupLabel')}
        hint={t('citations.lookupHint')}
        value={value}
        maxLength={300}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void find();
          }
        }}
      />
      <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void find()}>
        {busy ? <Spinner size="sm" /> : null}
        {t('citations.lookup')}
      </button>
    </div>
  );
}
