// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { setMessageApi } from './feedback';
import { setNavigator } from './navigation';
import type { Data } from '../api/types';
import { RequestError, api, buildUrl, dataOf, envelope, fillPath, http, resetAuthNotice } from './request';
import { STORAGE_KEY, heldDefaults, persistedDefaults, useSession } from './session/store';

const toasts = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
const navigate = vi.fn();
const fetchMock = vi.fn();

function answer(body: unknown, status = 200, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

beforeEach(() => {
  Object.values(toasts).forEach((f) => f.mockReset());
  navigate.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setMessageApi(toasts as never);
  setNavigator(navigate);
  resetAuthNotice();
  window.location.hash = '#/operation';
  useSession.setState({ ...persistedDefaults(), ...heldDefaults(), authorization: 'tok' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request layer', () => {
  it('calls /api with the Bearer token and query params', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, message: 'ok', data: 1 })));
    await http.get('/area/user', { selfAreaId: '000000', empty: undefined, list: [1, 2] });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/area/user?selfAreaId=000000&list=1%2C2');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('sends JSON and form-encoded bodies', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, message: '', data: null })));
    await http.post('/pwd', { oldPwd: 'a', newPwd: 'b' }, { params: { selfAreaId: '110000' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/pwd?selfAreaId=110000');
    expect(init.body).toBe('{"oldPwd":"a","newPwd":"b"}');
    expect(new Headers(init.headers).get('Content-Type')).toContain('application/json');
    await http.post('/x', { a: 1, b: 'two', c: undefined }, { form: true });
    const [, form] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(String(form.body)).toBe('a=1&b=two');
    expect(new Headers(form.headers).get('Content-Type')).toContain('application/x-www-form-urlencoded');
  });

  it('passes other body codes to the caller; dataOf warns and rejects', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 500, message: '服务异常', data: null })));
    await expect(http.get('/x')).resolves.toMatchObject({ code: 500 });
    const err = await dataOf(http.get('/x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ kind: 'failed', handled: true });
    expect(toasts.warning).toHaveBeenCalledWith('服务异常');
  });

  it('shows the auth toast once for 401 and 5002, clears the session on 401 and goes to /login', async () => {
    localStorage.setItem(STORAGE_KEY, '{}');
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 401, message: '登录已过期', data: null })));
    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as RequestError).kind === 'auth')).toBe(true);
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('登录已过期', 5);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useSession.getState().authorization).toBe('');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 5002, message: '', data: null })));
    await expect(http.get('/d')).rejects.toMatchObject({ kind: 'auth', code: 5002 });
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it('shows the auth toast again after a successful response', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 5002, message: '', data: null }));
    await http.get('/a').catch(() => undefined);
    expect(toasts.error).toHaveBeenLastCalledWith('出现错误，请稍后再试', 5);
    fetchMock.mockResolvedValueOnce(answer({ code: 200, message: '', data: 1 }));
    await http.get('/b');
    fetchMock.mockResolvedValueOnce(answer({ code: 5002, message: '无权限', data: null }));
    await http.get('/c').catch(() => undefined);
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(useSession.getState().authorization).toBe('tok'); // 5002 keeps the token
  });

  it('does not navigate when already on /login', async () => {
    window.location.hash = '#/login';
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 401, message: 'x', data: null })));
    await http.get('/a').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts 400 and resolves to no result (handled rejection)', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 400, message: '参数错误：selfAreaId', data: null })));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'bad-input', handled: true, code: 400 });
    expect(toasts.error).toHaveBeenCalledWith('参数错误：selfAreaId', 5);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passErrors hands every body code to the caller without toasts', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 401, message: '用户名或密码错误', data: null })));
    await expect(http.post('/login', {}, { passErrors: true })).resolves.toMatchObject({ code: 401 });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects on HTTP status other than 200 and on unreadable bodies', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 200 }, 500));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'http', handled: false });
    fetchMock.mockResolvedValueOnce(answer('<html>', 200, { 'Content-Type': 'text/html' }));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'http' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network' });
  });

  it('times out after 60 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toMatchObject({ kind: 'timeout', message: '请求超时，请稍后再试' });
  });

  it('builds URLs under /api', () => {
    expect(buildUrl('user')).toBe('/api/user');
    expect(buildUrl('/user', { a: null, b: false })).toBe('/api/user?b=false');
  });
});

describe('calls by the generated paths', () => {
  const calls = () => (fetchMock.mock.calls as [string, RequestInit][]).map(([url, init]) => [init.method, url, init.body]);

  it('sends the query, the body and the path values, and answers the data', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 200, message: '', data: { lists: [], total: 0 } })));
    await expect(api.get('/site/', { currentPage: 1, pageSize: 20, status: '1', siteName: undefined })).resolves.toEqual({ lists: [], total: 0 });
    await api.put('/site/{id}', { fullPileNum: 2 }, { path: { id: 'a/b 1' }, params: { selfAreaId: '110108' } });
    await api.del('/area/rail/{id}', undefined, { path: { id: '110108' } });
    await api.post('/pwd', { oldPwd: 'a', newPwd: 'b' });
    expect(calls()).toEqual([
      ['GET', '/api/site/?currentPage=1&pageSize=20&status=1', undefined],
      ['PUT', '/api/site/a%2Fb%201?selfAreaId=110108', '{"fullPileNum":2}'],
      ['DELETE', '/api/area/rail/110108', undefined],
      ['POST', '/api/pwd', '{"oldPwd":"a","newPwd":"b"}'],
    ]);
  });

  it('answers the envelope through envelope.*, and warns through api.* like dataOf', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer({ code: 500, message: '角色使用中', data: null })));
    await expect(envelope.del('/role/del', undefined, { params: { id: 3 }, passErrors: true })).resolves.toMatchObject({ code: 500 });
    expect(toasts.warning).not.toHaveBeenCalled();
    await expect(api.get('/role/all')).rejects.toMatchObject({ kind: 'failed', handled: true });
    expect(toasts.warning).toHaveBeenCalledWith('角色使用中');
  });

  it('refuses a path segment without a value', () => {
    expect(fillPath('/forbid/{id}', { id: 7 })).toBe('/forbid/7');
    expect(() => fillPath('/forbid/{id}')).toThrow('no value for {id}');
  });

  it('types the answer by the path and checks the query, the body and the path values', () => {
    expectTypeOf<Awaited<ReturnType<typeof api.get<'/site/'>>>>().toEqualTypeOf<Data<'/api/site/'>>();
    expectTypeOf<Awaited<ReturnType<typeof api.put<'/site/{id}'>>>>().toEqualTypeOf<Data<'/api/site/{id}', 'put'>>();
    // never called: the compiler checks these calls
    const never = () => {
      // @ts-expect-error a path the server does not answer
      void api.get('/nope');
      // @ts-expect-error a query parameter the route does not take
      void api.get('/site/', { nope: 1 });
      // @ts-expect-error a body field the route does not take
      void api.post('/pwd', { oldPwd: 'a', newPwd: 'b', nope: 1 });
      // @ts-expect-error the route's {id} left out
      void api.put('/site/{id}', {});
    };
    expect(never).toBeTypeOf('function');
  });
});
