import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './client.ts';
import { readUploadResponse, uploadWithProgress, type XhrLike } from './uploadWithProgress.ts';

const Schema = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });

class FakeXhr implements XhrLike {
  withCredentials = false;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  response: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  opened: [string, string] | null = null;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  aborted = false;

  open(method: string, url: string): void {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.sent = body;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, response: unknown): void {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  it('posts the form with the client conventions and reports progress', async () => {
    const xhr = new FakeXhr();
    const seen: { loaded: number; total: number | null }[] = [];
    const form = new FormData();
    form.append('name', 'refs');
    const pending = uploadWithProgress({
      path: '/api/v1/admin/collections/',
      form,
      schema: Schema,
      apiToken: 'tok',
      onProgress: (p) => seen.push(p),
      createXhr: () => xhr,
    });
    expect(xhr.opened).toEqual(['POST', '/api/v1/admin/collections/']);
    expect(xhr.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'X-API-TOKEN': 'tok',
    });
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.sent).toBe(form);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.progress(10, 0, false);
    xhr.answer(200, { success: true, data: { id: 7 } });
    await expect(pending).resolves.toEqual({ success: true, data: { id: 7 } });
    expect(seen).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
      { loaded: 10, total: null },
    ]);
  });

  it('sends no token header when none is known', () => {
    const xhr = new FakeXhr();
    void uploadWithProgress({
      path: '/x',
      form: new FormData(),
      schema: Schema,
      apiToken: null,
      createXhr: () => xhr,
    }).catch(() => undefined);
    expect(Object.keys(xhr.headers)).not.toContain('X-API-TOKEN');
  });

  it("rejects with the server's error, a network error, or a cancellation", async () => {
    const refused = new FakeXhr();
    const pending = uploadWithProgress({
      path: '/x',
      form: new FormData(),
      schema: Schema,
      apiToken: null,
      createXhr: () => refused,
    });
    refused.answer(400, {
      success: false,
      message: 'Some fields are not valid.',
      error: { code: 'validation_failed', key: 'errors.validation_failed', fields: { name: 'Invalid name' } },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fields: { name: 'Invalid name' } });

    const offline = new FakeXhr();
    const lost = uploadWithProgress({
      path: '/x',
      form: new FormData(),
      schema: Schema,
      apiToken: null,
      createXhr: () => offline,
    });
    offline.onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'network' });

    const controller = new AbortController();
    const cancelled = new FakeXhr();
    const stopped = uploadWithProgress({
      path: '/x',
      form: new FormData(),
      schema: Schema,
      apiToken: null,
      signal: controller.signal,
      createXhr: () => cancelled,
    });
    controller.abort();
    await expect(stopped).rejects.toMatchObject({ code: 'aborted' });
    expect(cancelled.aborted).toBe(true);
  });

  it('reads answers as the API client does', () => {
    expect(() => readUploadResponse(200, { unexpected: true }, Schema)).toThrow(
      expect.objectContaining({ code: 'bad_response' }) as Error,
    );
    expect(() => readUploadResponse(413, null, Schema)).toThrow(expect.objectContaining({ status: 413 }) as Error);
  });
});
