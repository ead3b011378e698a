// @vitest-environment jsdom
import { type LoaderFunctionArgs, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFound from '../pages/notFound';
import { routes } from './router';

/** Path patterns of the matched branch, leaf last, and the params. */
function match(path: string) {
  const m = matchRoutes(routes, path) ?? [];
  return { chain: m.map((x) => x.route.path ?? (x.route.index ? '(index)' : (x.route.id ?? '(layout)'))), params: m.at(-1)?.params ?? {} };
}

describe('route table (spec §2)', () => {
  it('redirects / through the index route', () => {
    expect(match('/').chain.at(-1)).toBe('(index)');
  });

  it('keeps login, 401, 404 and the home outside the guard', () => {
    for (const p of ['/login', '/unlogin', '/401', '/404', '/index', '/index/7']) {
      expect(match(p).chain).not.toContain('guarded');
    }
    expect(match('/index/7').params.id).toBe('7');
  });

  it('guards every management route and takes an optional id', () => {
    for (const name of ['warn', 'dailyDuty', 'deviceManagement', 'operation', 'miBicycle', 'inforManagement', 'systemSettings', 'regionalSettings']) {
      expect(match(`/${name}`).chain).toEqual(['/', '(layout)', 'guarded', `${name}/:id?`]);
      expect(match(`/${name}/3`).params.id).toBe('3');
    }
    // the two sections with tabs end in their index route, which opens the first tab
    for (const name of ['ratingEvaluation', 'companyManagement']) {
      expect(match(`/${name}`).chain).toEqual(['/', '(layout)', 'guarded', `${name}/:id?`, '(index)']);
      expect(match(`/${name}/3`).params.id).toBe('3');
    }
  });

  it('opens the first tab at a section root (评级考核 showed its tabs with none selected)', async () => {
    for (const [root, first] of [
      ['/ratingEvaluation', '/ratingEvaluation/rate/index'],
      ['/companyManagement', '/companyManagement/company'],
    ]) {
      const leaf = (matchRoutes(routes, root) ?? []).at(-1)!;
      const loader = leaf.route.loader as (args: LoaderFunctionArgs) => Promise<unknown> | unknown;
      const args = (params: Record<string, string>) => ({ params, request: new Request(`http://x/#${root}`), context: {} }) as unknown as LoaderFunctionArgs;
      const res = (await loader(args({}))) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(first);
      // a segment naming no tab opens the first tab too: the index leaf has no element to render
      const other = (await loader(args({ id: '3' }))) as Response;
      expect(other.headers.get('Location')).toBe(first);
      expect(leaf.route.element ?? leaf.route.Component ?? leaf.route.lazy).toBeUndefined();
    }
  });

  it('nests the rating evaluation children', () => {
    expect(match('/ratingEvaluation/rate/index').chain.at(-1)).toBe('rate/index/:id?');
    expect(match('/ratingEvaluation/rate/index/5').params.id).toBe('5');
    expect(match('/ratingEvaluation/setting/2').chain.at(-1)).toBe('setting/:id?');
    const grade = match('/ratingEvaluation/rate/grade/12/2024-05');
    expect(grade.chain.at(-1)).toBe('rate/grade/:id?/:data?');
    expect(grade.params).toMatchObject({ id: '12', data: '2024-05' });
    expect(match('/ratingEvaluation/rate/grade').chain.at(-1)).toBe('rate/grade/:id?/:data?');
  });

  it('nests the company management children (the nine of the spec and 车辆备案), each with an optional tab id', () => {
    for (const c of ['company', 'sum', 'check', 'siteSync', 'dispatchSync', 'requestSync', 'bikeSync', 'bikeOutSideFee', 'bikeRideOrder', 'bikeFiling']) {
      expect(match(`/companyManagement/${c}`).chain.at(-1)).toBe(`${c}/:id?`);
      expect(match(`/companyManagement/${c}/2`).params.id).toBe('2');
    }
  });

  it('sends unknown paths to the 404 page', () => {
    expect(match('/nope').chain.at(-1)).toBe('*');
    expect(match('/warn/1/2/3').chain.at(-1)).toBe('*');
  });

  it('renders 404 and 401 with no chunk to load (an unknown address left the big screen up for seconds)', () => {
    for (const path of ['/nope', '/404', '/401', '/unlogin']) {
      const chain = matchRoutes(routes, path) ?? [];
      expect(
        chain.some((m) => m.route.lazy || m.route.loader),
        path,
      ).toBe(false);
      expect(chain.at(-1)!.route.Component, path).toBeTruthy();
    }
    expect((matchRoutes(routes, '/nope') ?? []).at(-1)!.route.Component).toBe(NotFound);
  });
});
