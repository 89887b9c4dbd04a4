import {
  DOCUMENT_SORTS,
  DOCUMENT_STATUS_FILTERS,
  type DocumentSort,
  type DocumentStatusFilter,
} from '@veritext/contracts';

/**
 * The documents list's search and filters (issue 17) as the cabinet's form holds them (text as typed) and as GET
 * /api/v1/text/ takes them; with the checks that give the field messages. Pure: no React.
 */
export type DocumentFilterForm = {
  q: string;
  status: DocumentStatusFilter | '';
  similarityMin: string;
  similarityMax: string;
  aiMin: string;
  aiMax: string;
  dateFrom: string;
  dateTo: string;
  sort: DocumentSort;
};

export const EMPTY_FILTERS: DocumentFilterForm = {
  q: '',
  status: '',
  similarityMin: '',
  similarityMax: '',
  aiMin: '',
  aiMax: '',
  dateFrom: '',
  dateTo: '',
  sort: 'date_desc',
};

export const STATUS_FILTER_KEYS = {
  in_process: 'folders.filters.statusInProcess',
  ready: 'folders.filters.statusReady',
  failed: 'folders.filters.statusFailed',
  ai_in_process: 'folders.filters.statusAiInProcess',
  ai_failed: 'folders.filters.statusAiFailed',
} as const satisfies Record<DocumentStatusFilter, string>;

export const SORT_KEYS = {
  date_desc: 'folders.sort.dateDesc',
  date_asc: 'folders.sort.dateAsc',
  title_asc: 'folders.sort.titleAsc',
  title_desc: 'folders.sort.titleDesc',
  similarity_desc: 'folders.sort.similarityDesc',
  similarity_asc: 'folders.sort.similarityAsc',
  ai_desc: 'folders.sort.aiDesc',
  ai_asc: 'folders.sort.aiAsc',
} as const satisfies Record<DocumentSort, string>;

export const STATUS_FILTERS = DOCUMENT_STATUS_FILTERS;
export const SORTS = DOCUMENT_SORTS;

/** A field's problem: a share that is not a number from 0 to 100, or a range the wrong way round. */
export type FilterProblem = 'percent' | 'range' | 'dateRange';
export type FilterProblems = Partial<Record<'similarity' | 'ai' | 'date', FilterProblem>>;

/** A percentage as typed ("12,5" too), or null when it is empty; NaN when it is not a share from 0 to 100. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d{1,3}(\.\d+)?$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : Number.NaN;
}

function rangeProblem(minText: string, maxText: string): FilterProblem | undefined {
  const min = parsePercent(minText);
  const max = parsePercent(maxText);
  if (Number.isNaN(min) || Number.isNaN(max)) return 'percent';
  if (min !== null && max !== null && min > max) return 'range';
  return undefined;
}

/** What is wrong with the filters (nothing: an empty object). */
export function filterProblems(form: DocumentFilterForm): FilterProblems {
  const problems: FilterProblems = {};
  const similarity = rangeProblem(form.similarityMin, form.similarityMax);
  if (similarity !== undefined) problems.similarity = similarity;
  const ai = rangeProblem(form.aiMin, form.aiMax);
  if (ai !== undefined) problems.ai = ai;
  if (form.dateFrom !== '' && form.dateTo !== '' && form.dateFrom > form.dateTo) problems.date = 'dateRange';
  return problems;
}

/** The query values of valid filters (the empty ones left out; the default order too). */
export function filterParams(form: DocumentFilterForm): Record<string, string> {
  const params: Record<string, string> = {};
  const q = form.q.trim();
  if (q !== '') params.q = q.slice(0, 200);
  if (form.status !== '') params.status = form.status;
  const percents: [string, string][] = [
    ['similarity_min', form.similarityMin],
    ['similarity_max', form.similarityMax],
    ['ai_min', form.aiMin],
    ['ai_max', form.aiMax],
  ];
  for (const [name, text] of percents) {
    const value = parsePercent(text);
    if (value !== null && !Number.isNaN(value)) params[name] = String(value);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(form.dateFrom)) params.date_from = form.dateFrom;
  if (/^\d{4}-\d{2}-\d{2}$/.test(form.dateTo)) params.date_to = form.dateTo;
  if (form.sort !== 'date_desc') params.sort = form.sort;
  return params;
}

/** How many filters (not the search or the order) are set: the Filters button's badge. */
export function activeFilterCount(form: DocumentFilterForm): number {
  const params = filterParams(form);
  return Object.keys(params).filter((name) => name !== 'q' && name !== 'sort').length;
}
