/** Messages of the spec's error catalogue (check-tool.md §8) for failures that have no server message. */
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';
export const REQUEST_FAILED_MESSAGE = 'API request failed';

/** One typed error for every failed call: the server's message, its stable code and key, and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly key: string | null;
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    message: string,
    init: { status: number; code?: string | null; key?: string | null; fields?: Record<string, string> },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? null;
    this.key = init.key ?? null;
    this.fields = init.fields ?? {};
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Anything with zod's safeParse: the response schemas of @veritext/contracts. */
export type Schema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
};

/**
 * A response schema, or a loader of one. The zod schemas of @veritext/contracts load on demand (lazySchema.ts):
 * the client fetches the schema module beside the request, and every answer is still checked by it.
 */
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

/** A module the API calls load on demand; a chunk that cannot be fetched is a network error, as a call's is. */
export async function loadOnDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
  }
}

/** The schema of a source, loaded if need be. */
export async function resolveSchema<T>(source: SchemaSource<T>): Promise<Schema<T>> {
  return typeof source === 'function' ? loadOnDemand(source) : source;
}

export type FormFields = Record<string, string | undefined>;

export type ApiClientOptions = {
  /** The token sent as X-API-TOKEN, or null when none is known. */
  getToken: () => string | null;
  fetch?: typeof fetch;
};

export type ApiClient = {
  getJson: <T>(path: string, schema: SchemaSource<T>) => Promise<T>;
  postForm: <T>(path: string, fields: FormFields, schema: SchemaSource<T>) => Promise<T>;
  /** Posts multipart/form-data (a form with a file); the browser sets the boundary. */
  postMultipart: <T>(path: string, form: FormData, schema: SchemaSource<T>) => Promise<T>;
  /** Posts a form whose answer is a file (a PDF report); a JSON answer is a failure and throws its ApiError. */
  postFormForBlob: (path: string, fields: FormFields) => Promise<Blob>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') out[name] = text;
    else if (Array.isArray(text) && typeof text[0] === 'string') out[name] = text[0];
  }
  return out;
}

/** Turns an error response body (`{success:false, message, error:{code,key,fields}}`) into an ApiError. */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(REQUEST_FAILED_MESSAGE, { status });
  const message =
    typeof body['message'] === 'string' && body['message'] !== '' ? body['message'] : REQUEST_FAILED_MESSAGE;
  const error = isRecord(body['error']) ? body['error'] : {};
  const code = error['code'];
  const key = error['key'];
  return new ApiError(message, {
    status,
    code: typeof code === 'string' || typeof code === 'number' ? String(code) : null,
    key: typeof key === 'string' ? key : null,
    fields: stringRecord(error['fields']),
  });
}

function toBody(fields: FormFields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) params.append(name, value);
  }
  return params;
}

/** The one way the client talks to the server. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(path: string, init: RequestInit, accept: string): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept', accept);
    const token = options.getToken();
    if (token !== null && token !== '') headers.set('X-API-TOKEN', token);
    try {
      return await doFetch(path, { ...init, headers, credentials: 'same-origin' });
    } catch {
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
    }
  }

  async function request<T>(path: string, init: RequestInit, source: SchemaSource<T>): Promise<T> {
    // The schema (a chunk of its own the first time) loads while the request is under way.
    const schemaLoad = resolveSchema(source);
    schemaLoad.catch(() => undefined); // awaited below; a failed request must not leave it unhandled
    const response = await send(path, init, 'application/json');

    const body: unknown = await response.json().catch(() => null);

    if (!response.ok) throw errorFromBody(response.status, body);
    if (isRecord(body) && body['success'] === false && isRecord(body['error'])) {
      throw errorFromBody(response.status, body);
    }
    const parsed = (await schemaLoad).safeParse(body);
    if (!parsed.success) throw new ApiError(REQUEST_FAILED_MESSAGE, { status: response.status, code: 'bad_response' });
    return parsed.data;
  }

  return {
    getJson: (path, schema) => request(path, { method: 'GET' }, schema),
    postForm: (path, fields, schema) => request(path, { method: 'POST', body: toBody(fields) }, schema),
    postMultipart: (path, form, schema) => request(path, { method: 'POST', body: form }, schema),
    async postFormForBlob(path, fields) {
      const response = await send(path, { method: 'POST', body: toBody(fields) }, 'application/pdf, application/json');
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('json')) {
        const body: unknown = await response.json().catch(() => null);
        throw errorFromBody(response.ok ? 500 : response.status, body);
      }
      try {
        return await response.blob();
      } catch {
        throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
      }
    },
  };
}
