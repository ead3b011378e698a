/** An export whose first page fails answers an error the client can show, not a truncated file (issue 16). */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/http/errors.js';
import { sendXlsx } from '../../src/http/xlsx.js';

describe('sendXlsx when the query fails', () => {
  it('answers the error as JSON before any byte of the file', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async (_req, reply) =>
      sendXlsx(
        reply,
        '导出',
        '表',
        [{ header: '编号', value: (r: { id: number }) => r.id }],
        (async function* () {
          throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
          yield [];
        })(),
      ),
    );
    const r = await app.inject({ method: 'GET', url: '/x' });
    expect(r.headers['content-type']).toMatch(/json/);
    expect(r.json()).toMatchObject({ code: 400, message: expect.stringMatching(/参数取值无效/) });
    const ok = await app.inject({ method: 'GET', url: '/y' });
    expect(ok.statusCode).toBe(404);
    await app.close();
  });

  it('still streams a file whose pages read fine', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async (_req, reply) =>
      sendXlsx(
        reply,
        '导出',
        '表',
        [{ header: '编号', value: (r: { id: number }) => r.id }],
        (async function* () {
          yield [{ id: 1 }, { id: 2 }];
        })(),
      ),
    );
    const r = await app.inject({ method: 'GET', url: '/x' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
    await app.close();
  });
});
