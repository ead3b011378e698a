/**
 * All routes, hash mode: the screens' routes derive from the screen table (screens.ts), each screen
 * its own lazily loaded chunk, but for the small 404 and 401 pages; a section root opens its first tab.
 * The evaluation detail "rate/grade/{id?}&{data?}" is written as rate/grade/:id?/:data?.
 */
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { guardLoader, guardShouldRevalidate } from './guard';
import { screen } from './lazyScreen';
import { SCREENS, SECTIONS, type ScreenKey, tabsOf } from './screens';
import { setNavigator } from './navigation';
import PageLoading from '../components/PageLoading';
import NotFound from '../pages/notFound';
import Unlogin from '../pages/unlogin';
import Root from './Root';
import RouteError from './RouteError';

const withError = (r: RouteObject): RouteObject => ({ ...r, errorElement: <RouteError /> });

/** The route of a screen: its path under its section's (or the root), its params, its page and its tabs. */
function screenRoute(key: ScreenKey, parent = ''): RouteObject {
  const { path, params = ':id?', lazy } = SCREENS[key];
  const tabs = tabsOf(key);
  const route = { path: `${path.slice(parent.length + 1)}/${params}`, lazy };
  if (!tabs.length) return route;
  const first = SCREENS[tabs[0]].path;
  const children: RouteObject[] = [
    // the section root, or a segment that names none of its tabs, opens its first tab: this leaf has
    // no page of its own (rendered, it left the section's tabs over an empty outlet, and React Router
    // warned "Matched leaf route … does not have an element")
    { index: true, loader: () => redirect(first) },
    ...tabs.map((tab) => screenRoute(tab, path)),
  ];
  return { ...route, children: children.map(withError) };
}

const unguarded = SECTIONS.filter((key) => SCREENS[key].unguarded).map((key) => screenRoute(key));
const guarded = SECTIONS.filter((key) => !SCREENS[key].unguarded).map((key) => screenRoute(key));

// 404 and 401 are part of the main bundle: an unknown address shows its page at once, with
// no chunk to wait for while the previous screen stays up

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(SCREENS.index.path) },
      {
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: screen(() => import('../pages/login')) },
          { path: 'register', lazy: screen(() => import('../pages/register')) },
          { path: 'unlogin', Component: Unlogin },
          { path: '401', Component: Unlogin },
          { path: '404', Component: NotFound },
          ...unguarded,
          {
            id: 'guarded',
            loader: guardLoader,
            shouldRevalidate: guardShouldRevalidate,
            lazy: screen(() => import('./layout/ConsoleLayout')),
            children: guarded.map(withError),
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createHashRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
