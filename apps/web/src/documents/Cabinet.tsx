import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Folder, TextDocument } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { reportPath as reportPagePath } from '../report/page/reportPage.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filterParams,
  filterProblems,
  SORT_KEYS,
  SORTS,
  STATUS_FILTER_KEYS,
  STATUS_FILTERS,
  type DocumentFilterForm,
} from './documentFilters.ts';
import {
  documentStatus,
  documentsRefetchInterval,
  formatDocumentDate,
  formatShare,
  paginationOf,
} from './documents.ts';
import { DocumentsSkeleton } from './DocumentsSkeleton.tsx';
import { ConfirmDialog, MoveDialog, NameDialog, ShareDialog } from './FolderDialogs.tsx';
import { buildTree, moveTargets, pathOf, selectionOf, siblingsOf, type FolderNode } from './folderTree.ts';
import { Pagination } from './Pagination.tsx';
import { isRunning, STATUS_LABEL_KEYS, STATUS_TONES, statusLabel } from './statusLabels.ts';

/**
 * The report page of a document, in the reader's language: the report has /es and /no twins, and its English
 * address would show a Spanish reader the report in English (and store English as their choice).
 */
export function reportPath(id: number, language: string): string {
  return reportPagePath(id, language);
}

type DialogState =
  | { kind: 'newFolder'; parentId: number | null }
  | { kind: 'renameFolder'; folder: Folder }
  | { kind: 'deleteFolder'; folder: Folder }
  | { kind: 'share'; folder: Folder }
  | { kind: 'move'; ids: number[] }
  | { kind: 'renameDocument'; document: TextDocument }
  | { kind: 'deleteDocuments'; documents: TextDocument[] };

const SEARCH_DELAY_MS = 300;

function titleOf(document: TextDocument, untitled: string): string {
  return document.title.trim() === '' ? (document.file_name ?? untitled) : document.title;
}

/**
 * My Documents as a cabinet (issue 17): the folder tree (own folders and subfolders, those shared with the caller),
 * the selected folder's documents with search and filters, checkboxes to move or delete many, and per document
 * Open (its report's address), Rename, Move and Delete. A personal scope (groupId null) or an organisation's.
 */
export function Cabinet({ groupId }: { groupId: number | null }) {
  const { t, i18n } = useTranslation();
  const { endpoints, client } = useServices();
  const session = useSession();
  const queryClient = useQueryClient();
  const describeError = useErrorText();
  const [search, setSearch] = useSearchParams();
  const selection = selectionOf(search);
  const headingId = useId();
  const foldersHeadingId = useId();
  const filtersId = useId();
  const searchId = useId();
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const [form, setForm] = useState<DocumentFilterForm>(EMPTY_FILTERS);
  const [query, setQuery] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [notice, setNotice] = useState('');
  const myId = session.profile?.id ?? null;

  // the search is sent once typing pauses
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(form.q);
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [form.q]);

  const problems = filterProblems(form);
  const params = useMemo(() => filterParams({ ...form, q: query }), [form, query]);
  const paramsKey = JSON.stringify(params);
  // a new folder, filter or search starts again at the first page, with nothing selected
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [selection, paramsKey]);

  const groups = useQuery({
    queryKey: GROUPS_QUERY_KEY,
    queryFn: () => fetchGroups(client),
    enabled: groupId !== null,
  });
  const role =
    groupId === null ? null : (groups.data?.find((group) => group.id === groupId)?.current_user_role ?? null);
  const isStudent = role === 3;

  const folders = useQuery({ queryKey: ['folders', groupId], queryFn: () => endpoints.listFolders(groupId) });
  const own = folders.data?.folders ?? [];
  const shared = folders.data?.shared ?? [];
  const current =
    typeof selection === 'number' ? [...own, ...shared].find((folder) => folder.id === selection) : undefined;

  const documents = useQuery({
    queryKey: ['cabinet-documents', groupId, selection, paramsKey, page],
    queryFn: () => endpoints.searchTexts({ groupId, folderId: selection, page, params }),
    placeholderData: keepPreviousData,
    enabled: Object.keys(problems).length === 0,
    refetchInterval: (state) => (state.state.status === 'error' ? false : documentsRefetchInterval(state.state.data)),
  });

  async function refresh(): Promise<void> {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cabinet-documents'] }),
      queryClient.invalidateQueries({ queryKey: ['folders'] }),
      queryClient.invalidateQueries({ queryKey: ['documents'] }),
    ]);
  }

  function select(next: number | 'root' | null): void {
    const params = new URLSearchParams(search);
    if (next === null) params.delete('folder');
    else params.set('folder', String(next));
    setSearch(params);
  }

  function done(message: string): void {
    setDialog(null);
    setNotice(message);
  }

  const showAuthor = groupId !== null || (current !== undefined && !current.is_owner);
  // who may rename, move and delete a document: its author; in an organisation also its owner and teachers
  const readOnlyHere = isStudent || (current !== undefined && !current.is_owner && !current.can_write);
  const canManage = (document: TextDocument) => !readOnlyHere || (myId !== null && document.author?.id === myId);
  const mayShare = !isStudent;
  const title =
    selection === null
      ? t('folders.all')
      : selection === 'root'
        ? t('folders.root')
        : (current?.name ?? t('folders.folder'));
  const path = current === undefined ? [] : pathOf(current.is_owner ? own : shared, current.id);
  const newCheck = groupId === null ? NEW_CHECK_PATH : `${NEW_CHECK_PATH}?group=${String(groupId)}`;
  const rows = documents.data?.texts ?? [];
  const managed = rows.filter(canManage);
  const allChecked = managed.length > 0 && managed.every((document) => selected.has(document.id));
  const selectedDocuments = rows.filter((document) => selected.has(document.id));

  function toggle(id: number, on: boolean): void {
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <div className="cabinet">
      <aside className="card cabinet__sidebar" aria-labelledby={foldersHeadingId}>
        <div className="cabinet__sidebar-head">
          <h2 id={foldersHeadingId} className="cabinet__sidebar-title">
            {t('folders.title')}
          </h2>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setDialog({ kind: 'newFolder', parentId: null });
            }}
          >
            {t('folders.new')}
          </button>
        </div>
        <nav aria-label={t('folders.navLabel')}>
          <ul className="folder-tree">
            <FolderLink label={t('folders.all')} isCurrent={selection === null} onSelect={() => select(null)} />
            <FolderLink label={t('folders.root')} isCurrent={selection === 'root'} onSelect={() => select('root')} />
          </ul>
          {folders.isPending ? (
            <p className="cabinet__muted" role="status">
              <Spinner size="sm" /> {t('folders.loading')}
            </p>
          ) : folders.isError ? (
            <p className="alert alert--error" role="alert">
              {describeError(folders.error)}
            </p>
          ) : (
            <>
              {own.length === 0 ? <p className="cabinet__muted">{t('folders.none')}</p> : null}
              <FolderTree nodes={buildTree(own)} selection={selection} onSelect={select} />
              {shared.length === 0 ? null : (
                <>
                  <h3 className="cabinet__shared-title">{t('folders.sharedWithMe')}</h3>
                  <FolderTree nodes={buildTree(shared)} selection={selection} onSelect={select} />
                </>
              )}
            </>
          )}
        </nav>
      </aside>

      <section className="card cabinet__main" aria-labelledby={headingId} aria-busy={documents.isFetching}>
        <div className="cabinet__head">
          <div className="cabinet__heading">
            {path.length > 1 ? (
              <nav aria-label={t('folders.breadcrumb')} className="cabinet__breadcrumb">
                {path.slice(0, -1).map((folder) => (
                  <span key={folder.id}>
                    <button type="button" className="link-button" onClick={() => select(folder.id)}>
                      {folder.name}
                    </button>
                    <span aria-hidden="true"> / </span>
                  </span>
                ))}
              </nav>
            ) : null}
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cabinet__title">
              {title}
            </h2>
            {current !== undefined && !current.is_owner ? (
              <p className="cabinet__muted">
                {t('folders.sharedBy', { name: current.owner.name || current.owner.email })}
              </p>
            ) : null}
          </div>
          <div className="cabinet__actions">
            {current?.is_owner === true ? (
              <>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => {
                    setDialog({ kind: 'newFolder', parentId: current.id });
                  }}
                >
                  {t('folders.newSub')}
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => {
                    setDialog({ kind: 'renameFolder', folder: current });
                  }}
                >
                  {t('folders.rename')}
                </button>
                {mayShare ? (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => {
                      setDialog({ kind: 'share', folder: current });
                    }}
                  >
                    {t('folders.share.button')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--small button--ghost cabinet__danger"
                  onClick={() => {
                    setDialog({ kind: 'deleteFolder', folder: current });
                  }}
                >
                  {t('folders.delete')}
                </button>
              </>
            ) : null}
            <Link to={newCheck} className="button button--primary button--small">
              {t('folders.newCheck')}
            </Link>
          </div>
        </div>

        <div role="status" aria-live="polite">
          {notice === '' ? null : (
            <p className="alert alert--info cabinet__notice">
              <span>{notice}</span>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setNotice('');
                }}
              >
                {t('folders.dismiss')}
              </button>
            </p>
          )}
        </div>
        <form
          role="search"
          className="cabinet__toolbar"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(form.q);
          }}
        >
          <div className="cabinet__search">
            <label htmlFor={searchId} className="visually-hidden">
              {t('folders.search.label')}
            </label>
            <input
              id={searchId}
              className="field__input"
              type="search"
              value={form.q}
              placeholder={groupId === null ? t('folders.search.placeholder') : t('folders.search.placeholderGroup')}
              onChange={(event) => {
                setForm({ ...form, q: event.target.value });
              }}
            />
          </div>
          <button
            type="button"
            className="button button--small"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => {
              setFiltersOpen(!filtersOpen);
            }}
          >
            {t('folders.filters.button')}
            {activeFilterCount(form) > 0 ? <span className="cabinet__badge">{activeFilterCount(form)}</span> : null}
          </button>
          <div className="cabinet__sort">
            <label htmlFor={sortId} className="visually-hidden">
              {t('folders.sort.label')}
            </label>
            <select
              id={sortId}
              className="field__input"
              value={form.sort}
              onChange={(event) => {
                setForm({ ...form, sort: event.target.value as DocumentFilterForm['sort'] });
              }}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_KEYS[sort])}
                </option>
              ))}
            </select>
          </div>
        </form>
        {filtersOpen ? <FilterPanel id={filtersId} form={form} onChange={setForm} /> : null}

        {selected.size === 0 ? null : (
          <div className="cabinet__bulk" role="region" aria-label={t('folders.bulk.label')}>
            <span>{t('folders.bulk.selected', { count: selected.size })}</span>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setDialog({ kind: 'move', ids: [...selected] });
              }}
            >
              {t('folders.bulk.move')}
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => {
                setDialog({ kind: 'deleteDocuments', documents: selectedDocuments });
              }}
            >
              {t('folders.bulk.delete')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setSelected(new Set());
              }}
            >
              {t('folders.bulk.clear')}
            </button>
          </div>
        )}

        {Object.keys(problems).length > 0 ? (
          <p className="cabinet__muted">{t('folders.filters.fix')}</p>
        ) : documents.isPending ? (
          <DocumentsSkeleton />
        ) : documents.isError ? (
          <div className="alert alert--error" role="alert">
            <p>
              {t('documents.loadFailed')} {describeError(documents.error)}
            </p>
            <button type="button" className="button button--small" onClick={() => void documents.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : rows.length === 0 ? (
          <div className="documents__empty" data-testid="documents-empty">
            {selection === null && Object.keys(params).length === 0 ? (
              <>
                <p className="documents__empty-title">{t('documents.empty.title')}</p>
                <p>
                  <Link to={newCheck} className="button button--primary">
                    {t('documents.empty.action')}
                  </Link>
                </p>
              </>
            ) : (
              <p className="documents__empty-title">
                {Object.keys(params).length > 0 ? t('folders.noMatch') : t('folders.emptyFolder')}
              </p>
            )}
          </div>
        ) : (
          <>
            <div className="cabinet__table-wrap">
              <table className="documents__table cabinet__table">
                <caption className="visually-hidden">{t('folders.caption', { folder: title })}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="cabinet__check">
                      <input
                        type="checkbox"
                        checked={allChecked}
                        disabled={managed.length === 0}
                        aria-label={t('folders.selectAll')}
                        onChange={(event) => {
                          setSelected(
                            event.target.checked ? new Set(managed.map((document) => document.id)) : new Set(),
                          );
                        }}
                      />
                    </th>
                    <th scope="col">{t('documents.column.title')}</th>
                    {showAuthor ? <th scope="col">{t('folders.column.author')}</th> : null}
                    <th scope="col">{t('documents.column.date')}</th>
                    <th scope="col">{t('documents.column.pages')}</th>
                    <th scope="col">{t('folders.column.status')}</th>
                    <th scope="col">{t('documents.column.similarity')}</th>
                    <th scope="col">{t('documents.column.ai')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('documents.column.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((document) => (
                    <CabinetRow
                      key={document.id}
                      document={document}
                      language={i18n.language}
                      showAuthor={showAuthor}
                      canManage={canManage(document)}
                      isSelected={selected.has(document.id)}
                      onToggle={(on) => {
                        toggle(document.id, on);
                      }}
                      onRename={() => {
                        setDialog({ kind: 'renameDocument', document });
                      }}
                      onMove={() => {
                        setDialog({ kind: 'move', ids: [document.id] });
                      }}
                      onDelete={() => {
                        setDialog({ kind: 'deleteDocuments', documents: [document] });
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              pagination={paginationOf(documents.data)}
              label={t('documents.pagination.label')}
              onPage={setPage}
            />
          </>
        )}
      </section>

      <Dialog.Root
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      >
        {dialog === null ? null : (
          <CabinetDialog
            dialog={dialog}
            groupId={groupId}
            own={own}
            targets={moveTargets(own, shared)}
            currentFolder={typeof selection === 'number' ? selection : null}
            onCancel={() => {
              setDialog(null);
            }}
            onDone={async (message, next) => {
              await refresh();
              if (next !== undefined) select(next);
              setSelected(new Set());
              done(message);
              window.setTimeout(() => headingRef.current?.focus(), 0);
            }}
          />
        )}
      </Dialog.Root>
    </div>
  );
}

function FolderLink({ label, isCurrent, onSelect }: { label: string; isCurrent: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        className={isCurrent ? 'folder-tree__item is-current' : 'folder-tree__item'}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={onSelect}
      >
        <span className="folder-tree__name">{label}</span>
      </button>
    </li>
  );
}

function FolderTree({
  nodes,
  selection,
  onSelect,
}: {
  nodes: readonly FolderNode[];
  selection: number | 'root' | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (nodes.length === 0) return null;
  return (
    <ul className="folder-tree">
      {nodes.map((node) => {
        const isCurrent = selection === node.folder.id;
        return (
          <li key={node.folder.id}>
            <button
              type="button"
              className={isCurrent ? 'folder-tree__item is-current' : 'folder-tree__item'}
              aria-current={isCurrent ? 'page' : undefined}
              data-folder-id={node.folder.id}
              onClick={() => {
                onSelect(node.folder.id);
              }}
            >
              <span className="folder-tree__icon" aria-hidden="true">
                {node.folder.is_shared || !node.folder.is_owner ? '⇄' : '▸'}
              </span>
              <span className="folder-tree__name">{node.folder.name}</span>
              <span className="folder-tree__count">
                <span aria-hidden="true">{node.folder.documents}</span>
                <span className="visually-hidden">{t('folders.count', { count: node.folder.documents })}</span>
              </span>
            </button>
            {node.children.length === 0 ? null : (
              <FolderTree nodes={node.children} selection={selection} onSelect={onSelect} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function FilterPanel({
  id,
  form,
  onChange,
}: {
  id: string;
  form: DocumentFilterForm;
  onChange: (form: DocumentFilterForm) => void;
}) {
  const { t } = useTranslation();
  const problems = filterProblems(form);
  const ids = {
    status: useId(),
    simMin: useId(),
    simMax: useId(),
    aiMin: useId(),
    aiMax: useId(),
    from: useId(),
    to: useId(),
  };
  const message = (problem: string | undefined): string | null =>
    problem === 'percent'
      ? t('folders.filters.percent')
      : problem === 'range'
        ? t('folders.filters.range')
        : problem === 'dateRange'
          ? t('folders.filters.dateRange')
          : null;
  const percentField = (key: 'similarityMin' | 'similarityMax' | 'aiMin' | 'aiMax', fieldId: string, label: string) => (
    <div className="cabinet__filter-field">
      <label htmlFor={fieldId} className="field__label">
        {label}
      </label>
      <input
        id={fieldId}
        className="field__input"
        inputMode="decimal"
        value={form[key]}
        onChange={(event) => {
          onChange({ ...form, [key]: event.target.value });
        }}
      />
    </div>
  );
  const rangeError = (name: 'similarity' | 'ai' | 'date') => {
    const text = message(problems[name]);
    return text === null ? null : (
      <p className="field__error" role="alert">
        {text}
      </p>
    );
  };
  return (
    <div id={id} className="cabinet__filters" role="group" aria-label={t('folders.filters.label')}>
      <div className="cabinet__filter-field">
        <label htmlFor={ids.status} className="field__label">
          {t('folders.filters.status')}
        </label>
        <select
          id={ids.status}
          className="field__input"
          value={form.status}
          onChange={(event) => {
            onChange({ ...form, status: event.target.value as DocumentFilterForm['status'] });
          }}
        >
          <option value="">{t('folders.filters.anyStatus')}</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_FILTER_KEYS[status])}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="cabinet__range">
        <legend className="field__label">{t('folders.filters.similarity')}</legend>
        {percentField('similarityMin', ids.simMin, t('folders.filters.min'))}
        {percentField('similarityMax', ids.simMax, t('folders.filters.max'))}
        {rangeError('similarity')}
      </fieldset>
      <fieldset className="cabinet__range">
        <legend className="field__label">{t('folders.filters.ai')}</legend>
        {percentField('aiMin', ids.aiMin, t('folders.filters.min'))}
        {percentField('aiMax', ids.aiMax, t('folders.filters.max'))}
        {rangeError('ai')}
      </fieldset>
      <fieldset className="cabinet__range">
        <legend className="field__label">{t('folders.filters.date')}</legend>
        <div className="cabinet__filter-field">
          <label htmlFor={ids.from} className="field__label">
            {t('folders.filters.from')}
          </label>
          <input
            id={ids.from}
            className="field__input"
            type="date"
            value={form.dateFrom}
            onChange={(event) => {
              onChange({ ...form, dateFrom: event.target.value });
            }}
          />
        </div>
        <div className="cabinet__filter-field">
          <label htmlFor={ids.to} className="field__label">
            {t('folders.filters.to')}
          </label>
          <input
            id={ids.to}
            className="field__input"
            type="date"
            value={form.dateTo}
            onChange={(event) => {
              onChange({ ...form, dateTo: event.target.value });
            }}
          />
        </div>
        {rangeError('date')}
      </fieldset>
      <div className="cabinet__filter-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onChange({ ...EMPTY_FILTERS, q: form.q, sort: form.sort });
          }}
        >
          {t('folders.filters.clear')}
        </button>
      </div>
    </div>
  );
}

function CabinetRow({
  document,
  language,
  showAuthor,
  canManage,
  isSelected,
  onToggle,
  onRename,
  onMove,
  onDelete,
}: {
  document: TextDocument;
  language: string;
  showAuthor: boolean;
  canManage: boolean;
  isSelected: boolean;
  onToggle: (on: boolean) => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const label = statusLabel(document);
  const name = titleOf(document, t('documents.untitled'));
  const similarity = formatShare(document.percent, language);
  const ai = formatShare(document.ai_percent, language);
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('documents.noValue')}</span>
    </>
  );
  const running = document.state === 3;
  return (
    <tr
      className="documents__row"
      data-document-id={document.id}
      data-state={documentStatus(document.state)}
      data-status-label={label}
    >
      <td className="cabinet__check">
        {canManage ? (
          <input
            type="checkbox"
            checked={isSelected}
            aria-label={t('folders.selectOne', { title: name })}
            onChange={(event) => {
              onToggle(event.target.checked);
            }}
          />
        ) : null}
      </td>
      <th scope="row" id={titleId} className="documents__name" data-label={t('documents.column.title')}>
        {name}
      </th>
      {showAuthor ? (
        <td data-label={t('folders.column.author')} className="cabinet__author">
          {document.author === null ? (
            none
          ) : (
            <span className="cabinet__person">
              <span>{document.author.name.trim() === '' ? document.author.email : document.author.name}</span>
              {document.author.name.trim() === '' || document.author.email === null ? null : (
                <span className="cabinet__email" title={document.author.email}>
                  {document.author.email}
                </span>
              )}
            </span>
          )}
        </td>
      ) : null}
      <td data-label={t('documents.column.date')}>
        <time dateTime={document.created_at}>{formatDocumentDate(document.created_at, language)}</time>
      </td>
      <td data-label={t('documents.column.pages')} className="documents__number">
        {document.pages}
      </td>
      <td data-label={t('folders.column.status')}>
        <span className={`documents__status cabinet__status--${STATUS_TONES[label]}`}>
          {isRunning(label) ? <Spinner size="sm" /> : null}
          {t(STATUS_LABEL_KEYS[label])}
        </span>
      </td>
      <td data-label={t('documents.column.similarity')} className="documents__number">
        {similarity ?? none}
      </td>
      <td data-label={t('documents.column.ai')} className="documents__number">
        {ai ?? none}
      </td>
      <td className="documents__actions cabinet__row-actions">
        {document.state === 4 ? null : (
          <Link to={reportPath(document.id, language)} className="cabinet__open" aria-describedby={titleId}>
            {t('folders.open')}
          </Link>
        )}
        {canManage ? (
          // not modal: a modal menu hides the page while its links stay focusable (as the profile menu)
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              className="button button--small button--ghost cabinet__more"
              aria-label={t('folders.document.actionsFor', { title: name })}
            >
              <span aria-hidden="true">⋯</span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                <DropdownMenu.Item className="menu__item" onSelect={onRename}>
                  {t('folders.document.rename')}
                </DropdownMenu.Item>
                <DropdownMenu.Item className="menu__item" onSelect={onMove}>
                  {t('folders.document.move')}
                </DropdownMenu.Item>
                {/* a check still running holds its pages: it can be deleted once it has finished */}
                {running ? null : (
                  <DropdownMenu.Item className="menu__item cabinet__danger" onSelect={onDelete}>
                    {t('dataControls.deleteCheck.button')}
                  </DropdownMenu.Item>
                )}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : null}
      </td>
    </tr>
  );
}

/** The open dialog of the cabinet, doing its call and reporting what was done. */
function CabinetDialog({
  dialog,
  groupId,
  own,
  targets,
  currentFolder,
  onCancel,
  onDone,
}: {
  dialog: DialogState;
  groupId: number | null;
  own: readonly Folder[];
  targets: readonly FolderNode[];
  currentFolder: number | null;
  onCancel: () => void;
  /** After a change: the message to announce and, when the selection should change, where to. */
  onDone: (message: string, next?: number | 'root' | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const untitled = t('documents.untitled');
  switch (dialog.kind) {
    case 'newFolder':
      return (
        <NameDialog
          kind="folder"
          title={dialog.parentId === null ? t('folders.create.title') : t('folders.create.subTitle')}
          label={t('folders.name.label')}
          initial=""
          submitLabel={t('folders.create.submit')}
          busyLabel={t('folders.create.busy')}
          siblings={siblingsOf(own, dialog.parentId)}
          onCancel={onCancel}
          onSubmit={async (name) => {
            const folder = await endpoints.createFolder({ name, groupId, parentId: dialog.parentId });
            await onDone(t('folders.create.done', { name: folder.name }), folder.id);
          }}
        />
      );
    case 'renameFolder':
      return (
        <NameDialog
          kind="folder"
          title={t('folders.renameTitle')}
          label={t('folders.name.label')}
          initial={dialog.folder.name}
          submitLabel={t('folders.renameSubmit')}
          busyLabel={t('folders.saving')}
          siblings={siblingsOf(own, dialog.folder.parent_id)}
          exceptId={dialog.folder.id}
          onCancel={onCancel}
          onSubmit={async (name) => {
            await endpoints.renameFolder(dialog.folder.id, name);
            await onDone(t('folders.renamed', { name }));
          }}
        />
      );
    case 'deleteFolder':
      return (
        <ConfirmDialog
          title={t('folders.deleteTitle', { name: dialog.folder.name })}
          description={dialog.folder.parent_id === null ? t('folders.deleteBodyTop') : t('folders.deleteBodySub')}
          confirmLabel={t('folders.deleteConfirm')}
          busyLabel={t('folders.deleting')}
          onCancel={onCancel}
          onConfirm={async () => {
            const result = await endpoints.deleteFolder(dialog.folder.id);
            await onDone(t('folders.deleted', { name: dialog.folder.name }), result.moved_to);
          }}
        />
      );
    case 'share':
      return <ShareDialog folder={dialog.folder} onClose={onCancel} />;
    case 'move':
      return (
        <MoveDialog
          count={dialog.ids.length}
          targets={targets}
          current={currentFolder}
          onCancel={onCancel}
          onMove={async (folderId) => {
            const moved = await endpoints.moveDocuments(dialog.ids, folderId);
            await onDone(t('folders.move.done', { count: moved }));
          }}
        />
      );
    case 'renameDocument':
      return (
        <NameDialog
          kind="document"
          title={t('folders.document.renameTitle')}
          label={t('folders.document.nameLabel')}
          initial={titleOf(dialog.document, untitled)}
          submitLabel={t('folders.renameSubmit')}
          busyLabel={t('folders.saving')}
          siblings={[]}
          onCancel={onCancel}
          onSubmit={async (name) => {
            await endpoints.renameText(dialog.document.id, name);
            await onDone(t('folders.document.renamed', { title: name }));
          }}
        />
      );
    case 'deleteDocuments': {
      const count = dialog.documents.length;
      const first = dialog.documents[0];
      return (
        <ConfirmDialog
          title={count === 1 ? t('dataControls.deleteCheck.title') : t('folders.bulk.deleteTitle', { count })}
          description={
            count === 1 && first !== undefined
              ? t('dataControls.deleteCheck.body', { title: titleOf(first, untitled) })
              : t('folders.bulk.deleteBody', { count })
          }
          confirmLabel={t('dataControls.deleteCheck.confirm')}
          busyLabel={t('dataControls.deleteCheck.deleting')}
          onCancel={onCancel}
          onConfirm={async () => {
            const result = await endpoints.deleteTexts(dialog.documents.map((document) => document.id));
            const message =
              result.refused.length === 0
                ? t('folders.bulk.deleted', { count: result.deleted.length })
                : t('folders.bulk.partlyDeleted', { count: result.deleted.length, refused: result.refused.length });
            await onDone(message);
          }}
        />
      );
    }
  }
}
