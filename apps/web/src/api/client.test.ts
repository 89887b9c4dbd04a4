import { describe, expect, it, vi } from 'vitest';
import { CsrfTokensResponseSchema } from '@veritext/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE, createApiClient, errorFromBody } from './client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('createApiClient', () => {
  it('sends X-API-TOKEN when a token is known and parses the response with the schema', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, { token: 'a', guest_csrf: 'b' })),
    );
    const client = createApiClient({ getToken: () => 'tok-1', fetch: fetchMock });
    await expect(client.getJson('/csrf_tokens', CsrfTokensResponseSchema)).resolves.toEqual({
      token: 'a',
      guest_csrf: 'b',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-API-TOKEN')).toBe('tok-1');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(init?.credentials).toBe('same-origin');
  });

  it('checks answers with a schema that loads on demand, and reports a schema that cannot load as a network error', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { token: 'a', guest_csrf: 'b' })));
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    const lazy = vi.fn(() => Promise.resolve(CsrfTokensResponseSchema));
    await expect(client.getJson('/csrf_tokens', lazy)).resolves.toEqual({ token: 'a', guest_csrf: 'b' });
    expect(lazy).toHaveBeenCalledTimes(1);
    // The lazily loaded schema still rejects an answer of the wrong shape.
    fetchMock.mockImplementationOnce(() => Promise.resolve(jsonResponse(200, { token: 1 })));
    await expect(client.getJson('/csrf_tokens', lazy)).rejects.toMatchObject({ code: 'bad_response' });
    const missing = () => Promise.reject(new Error('chunk failed'));
    await expect(client.getJson('/csrf_tokens', missing)).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('omits X-API-TOKEN without a token', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, { token: 'a', guest_csrf: 'b' })),
    );
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    await client.getJson('/csrf_tokens', CsrfTokensResponseSchema);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('X-API-TOKEN')).toBe(false);
  });

  it('posts forms as URL-encoded bodies, skipping undefined fields', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, { token: 'a', guest_csrf: 'b' })),
    );
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    await client.postForm('/x', { a: '1', b: undefined, c: 'two words' }, CsrfTokensResponseSchema);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect((init?.body as URLSearchParams).toString()).toBe('a=1&c=two+words');
  });

  it('turns error bodies into ApiError with message, code, key and fields', async () => {
    const body = {
      success: false,
      message: 'Some fields are not valid.',
      error: { code: 'validation_failed', key: 'errors.validation_failed', fields: { email: 'Enter a valid email' } },
    };
    const client = createApiClient({ getToken: () => null, fetch: () => Promise.resolve(jsonResponse(400, body)) });
    const error = await client.getJson('/x', CsrfTokensResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Some fields are not valid.');
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.key).toBe('errors.validation_failed');
    expect(apiError.fields).toEqual({ email: 'Enter a valid email' });
  });

  it('maps network failures to "Network error occurred"', async () => {
    const client = createApiClient({
      getToken: () => null,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await client.getJson('/x', CsrfTokensResponseSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0, isNetworkError: true });
  });

  it('maps non-JSON errors and unexpected shapes to "API request failed"', async () => {
    const html = createApiClient({
      getToken: () => null,
      fetch: () => Promise.resolve(new Response('<html>', { status: 502 })),
    });
    await expect(html.getJson('/x', CsrfTokensResponseSchema)).rejects.toMatchObject({
      message: REQUEST_FAILED_MESSAGE,
      status: 502,
    });
    const wrong = createApiClient({
      getToken: () => null,
      fetch: () => Promise.resolve(jsonResponse(200, { nope: 1 })),
    });
    await expect(wrong.getJson('/x', CsrfTokensResponseSchema)).rejects.toMatchObject({
      message: REQUEST_FAILED_MESSAGE,
    });
  });
});

describe('errorFromBody', () => {
  it('keeps the first message of array-valued fields and ignores junk', () => {
    const error = errorFromBody(422, { message: '', error: { fields: { email: ['bad', 'worse'], n: 3 } } });
    expect(error.message).toBe(REQUEST_FAILED_MESSAGE);
    expect(error.fields).toEqual({ email: 'bad' });
  });

  it('posts a form for a file: the body as a Blob, a JSON answer as an ApiError with the server message', async () => {
    const pdf = new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf' },
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(pdf));
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });
    const blob = await client.postFormForBlob('/report/1/?type=3', { _csrf_token: 't' });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(((fetchMock.mock.calls[0]?.[1]?.body ?? '') as URLSearchParams).toString()).toBe('_csrf_token=t');

    const failed = createApiClient({
      getToken: () => null,
      fetch: () =>
        Promise.resolve(
          jsonResponse(409, {
            success: false,
            message: 'The PDF report is available once the check is done.',
            error: { code: 'report_not_ready', key: 'errors.report_not_ready' },
          }),
        ),
    });
    const error = await failed.postFormForBlob('/report/1/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The PDF report is available once the check is done.');
    expect((error as ApiError).code).toBe('report_not_ready');
  });
});
