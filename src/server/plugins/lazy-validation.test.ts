import Fastify, { type FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaController, lazyValidator } from './lazy-validation';

// docs/decisions/073: validators are compiled on their route's first request, and answer exactly
// as the ones Fastify compiles at start-up.

const MUST_BE_ONE: FastifySchemaValidationError = {
  keyword: 'const',
  instancePath: '',
  schemaPath: '#/const',
  params: {},
  message: 'must be 1',
};

describe('lazyValidator', () => {
  it('compiles on its first call only, and passes on what the compiled one leaves in .errors', () => {
    let compiles = 0;
    const validate = lazyValidator(() => {
      compiles++;
      const check = Object.assign(
        (data: unknown) => {
          check.errors = data === 1 ? null : [MUST_BE_ONE];
          return data === 1;
        },
        { errors: null as FastifySchemaValidationError[] | null },
      );
      return check;
    });
    expect(compiles).toBe(0);
    expect(validate(2)).toBe(false);
    expect((validate as { errors?: unknown }).errors).toEqual([MUST_BE_ONE]);
    expect(validate(1)).toBe(true);
    expect((validate as { errors?: unknown }).errors).toBeNull();
    expect(compiles).toBe(1);
  });
});

describe('lazySchemaController', () => {
  const querystring = { type: 'object', properties: { page: { type: 'integer', minimum: 1 } }, required: ['page'] } as const;

  async function answers(lazy: boolean) {
    const app = Fastify(lazy ? { schemaController: lazySchemaController() } : {});
    app.get('/list', { schema: { querystring } }, async (request) => ({ query: request.query }));
    await app.ready();
    const results = [];
    for (const url of ['/list?page=2', '/list?page=zero', '/list', '/list?page=0']) {
      const response = await app.inject({ url });
      results.push({ status: response.statusCode, body: response.body });
    }
    await app.close();
    return results;
  }

  it("answers every request as Fastify's own start-up compiled validator does (coercion and refusals alike)", async () => {
    const lazy = await answers(true);
    expect(lazy).toEqual(await answers(false));
    expect(lazy[0]).toEqual({ status: 200, body: '{"query":{"page":2}}' });
    expect(lazy.slice(1).map((r) => r.status)).toEqual([400, 400, 400]);
  });

  it("writes every answer with a response schema as Fastify's own start-up compiled serializer does", async () => {
    const response = {
      200: { type: 'object', properties: { count: { type: 'integer' }, names: { type: 'array', items: { type: 'string' } } } },
    } as const;
    async function written(lazy: boolean) {
      const app = Fastify(lazy ? { schemaController: lazySchemaController() } : {});
      // `count` arrives as a string and `secret` is not in the schema: the serializer coerces one and drops the other.
      app.get('/counts', { schema: { response } }, async () => ({ count: '3', names: ['a', 'b'], secret: 'x' }));
      await app.ready();
      const reply = await app.inject({ url: '/counts' });
      await app.close();
      return { status: reply.statusCode, body: reply.body };
    }
    const lazy = await written(true);
    expect(lazy).toEqual(await written(false));
    expect(lazy).toEqual({ status: 200, body: '{"count":3,"names":["a","b"]}' });
  });
});
