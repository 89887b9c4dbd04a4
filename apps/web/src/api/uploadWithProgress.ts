import { ApiError, errorFromBody, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE, type Schema } from './client.ts';

/**
 * A multipart post that reports how much of the body has been sent: fetch has no upload progress, so this
 * goes through XMLHttpRequest, with the API client's conventions (X-Requested-With, Accept: JSON, the
 * X-API-TOKEN header when a token is known, same-origin cookies; the CSRF token travels in the form) and its
 * errors (ApiError with the server's message, code and field errors; status 0 for the network).
 */

export type UploadProgress = { loaded: number; total: number | null };

/** The part of XMLHttpRequest used here, so that a test can pass a fake. */
export type XhrLike = {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  responseType: XMLHttpRequestResponseType;
  readonly status: number;
  readonly response: unknown;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
};

export type UploadOptions<T> = {
  path: string;
  form: FormData;
  schema: Schema<T>;
  apiToken: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  createXhr?: () => XhrLike;
};

export const UPLOAD_ABORTED_CODE = 'aborted';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer of a finished request, as the API client reads it. */
export function readUploadResponse<T>(status: number, body: unknown, schema: Schema<T>): T {
  if (status === 0) throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' });
  if (status < 200 || status >= 300) throw errorFromBody(status, body);
  if (isRecord(body) && body['success'] === false && isRecord(body['error'])) throw errorFromBody(status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(REQUEST_FAILED_MESSAGE, { status, code: 'bad_response' });
  return parsed.data;
}

export function uploadWithProgress<T>(options: UploadOptions<T>): Promise<T> {
  const xhr = options.createXhr?.() ?? (new XMLHttpRequest() as XhrLike);
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(new ApiError('The upload was cancelled.', { status: 0, code: UPLOAD_ABORTED_CODE }));
      return;
    }
    const onAbortSignal = () => {
      xhr.abort();
    };
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = (work: () => void) => {
      options.signal?.removeEventListener('abort', onAbortSignal);
      try {
        work();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };

    xhr.open('POST', options.path);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.apiToken !== null && options.apiToken !== '') xhr.setRequestHeader('X-API-TOKEN', options.apiToken);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    xhr.onload = () => {
      settle(() => {
        resolve(readUploadResponse(xhr.status, xhr.response, options.schema));
      });
    };
    xhr.onerror = () => {
      settle(() => {
        reject(new ApiError(NETWORK_ERROR_MESSAGE, { status: 0, code: 'network' }));
      });
    };
    xhr.onabort = () => {
      settle(() => {
        reject(new ApiError('The upload was cancelled.', { status: 0, code: UPLOAD_ABORTED_CODE }));
      });
    };
    xhr.send(options.form);
  });
}
