/**
 * All routes in one table (spec §2), hash mode. Every screen is its own lazily loaded chunk, but
 * for the small 404 and 401 pages; a section root opens its first tab.
 * The evaluation detail "rate/grade/{id?}&{data?}" is written as rate/grade/:id?/:data?.
 */
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { guardLoader, guardShouldRevalidate } from './guard';
import { screen } from './lazyScreen';
import { SCREENS } from './screens';
import { setNavigator } from './navigation';
import PageLoading from '../components/PageLoading';
import NotFound from '../pages/notFound';
import Unlogin from '../pages/unlogin';
import Root from './Root';
import RouteError from './RouteError';

const companyChildren: RouteObject[] = [
  // the section root opens its first tab
  { index: true, loader: ({ params }) => (params.id ? null : redirect(SCREENS.company.path)) },
  { path: 'company/:id?', lazy: screen(() => import('../pages/companyManagement/company')) },
  { path: 'sum/:id?', lazy: screen(() => import('../pages/companyManagement/sum')) },
  { path: 'check/:id?', lazy: screen(() => import('../pages/companyManagement/check')) },
  { path: 'siteSync/:id?', lazy: screen(() => import('../pages/companyManagement/siteSync')) },
  { path: 'dispatchSync/:id?', lazy: screen(() => import('../pages/companyManagement/dispatchSync')) },
  { path: 'requestSync/:id?', lazy: screen(() => import('../pages/companyManagement/requestSync')) },
  { path: 'bikeSync/:id?', lazy: screen(() => import('../pages/companyManagement/bikeSync')) },
  { path: 'bikeOutSideFee/:id?', lazy: screen(() => import('../pages/companyManagement/bikeOutSideFee')) },
  { path: 'bikeRideOrder/:id?', lazy: screen(() => import('../pages/companyManagement/bikeRideOrder')) },
  { path: 'bikeFiling/:id?', lazy: screen(() => import('../pages/companyManagement/bikeFiling')) },
];

const ratingChildren: RouteObject[] = [
  // the section root opens its first tab
  { index: true, loader: ({ params }) => (params.id ? null : redirect(SCREENS.rateIndex.path)) },
  { path: 'rate/index/:id?', lazy: screen(() => import('../pages/ratingEvaluation/rateIndex')) },
  { path: 'rate/grade/:id?/:data?', lazy: screen(() => import('../pages/ratingEvaluation/rateGrade')) },
  { path: 'setting/:id?', lazy: screen(() => import('../pages/ratingEvaluation/setting')) },
];

const guarded: RouteObject[] = [
  { path: 'warn/:id?', lazy: screen(() => import('../pages/warn')) },
  { path: 'dailyDuty/:id?', lazy: screen(() => import('../pages/dailyDuty')) },
  { path: 'deviceManagement/:id?', lazy: screen(() => import('../pages/deviceManagement')) },
  { path: 'operation/:id?', lazy: screen(() => import('../pages/operation')) },
  { path: 'miBicycle/:id?', lazy: screen(() => import('../pages/miBicycle')) },
  {
    path: 'ratingEvaluation/:id?',
    lazy: screen(() => import('../pages/ratingEvaluation')),
    children: ratingChildren.map((r) => ({ ...r, errorElement: <RouteError /> })),
  },
  {
    path: 'companyManagement/:id?',
    lazy: screen(() => import('../pages/companyManagement')),
    children: companyChildren.map((r) => ({ ...r, errorElement: <RouteError /> })),
  },
  { path: 'inforManagement/:id?', lazy: screen(() => import('../pages/inforManagement')) },
  { path: 'systemSettings/:id?', lazy: screen(() => import('../pages/systemSettings')) },
  { path: 'regionalSettings/:id?', lazy: screen(() => import('../pages/regionalSettings')) },
];

// 404 and 401 are part of the main bundle: an unknown address shows its page at once, with
// no chunk to wait for while the previous screen stays up

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/index') },
      {
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: screen(() => import('../pages/login')) },
          { path: 'register', lazy: screen(() => import('../pages/register')) },
          { path: 'unlogin', Component: Unlogin },
          { path: '401', Component: Unlogin },
          { path: '404', Component: NotFound },
          { path: 'index/:id?', lazy: screen(() => import('../pages/index')) },
          {
            id: 'guarded',
            loader: guardLoader,
            shouldRevalidate: guardShouldRevalidate,
            lazy: screen(() => import('./layout/ConsoleLayout')),
            children: guarded.map((r) => ({ ...r, errorElement: <RouteError /> })),
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
