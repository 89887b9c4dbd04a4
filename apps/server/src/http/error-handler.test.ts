import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/denied', () => {
    throw new AppError('forbidden');
  });
  app.post('/typed', { schema: { body: z.object({ name: z.string().max(3) }) } }, () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('central error handler', () => {
  it('hides the internals of an unexpected error behind the generic message', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again later.',
      error: { code: 'internal', key: 'errors.internal' },
    });
    expect(response.body).not.toContain('secret');
  });

  it('maps an AppError to its status, message and i18n key', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/denied' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Access denied.',
      error: { code: 'forbidden', key: 'errors.forbidden' },
    });
  });

  it('names the invalid fields of a schema failure and refuses malformed JSON', async () => {
    const app = await appWithRoutes();
    const invalid = await app.inject({ method: 'POST', url: '/typed', payload: { name: 'toolong' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { name: expect.any(String) } },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'bad_request' } });
  });
});
