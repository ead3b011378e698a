/** jsdom tests: a stubbed fetch that records every call and answers by path, and the envelope it answers with. */
import { vi } from 'vitest';

export const ok = (data: unknown, code = 200, message = '操作成功！') =>
  new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Stub fetch: `answer(path, method, url)` gives the Response (or undefined: data null). */
export function stubFetch(answer: (path: string, method: string, url: URL) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      // a multipart upload's FormData as it is, a JSON body parsed
      const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      return answer(url.pathname, method, url) ?? ok(null);
    }),
  );
  const last = (path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method).at(-1);
  return { calls, last };
}
