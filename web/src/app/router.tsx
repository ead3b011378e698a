/**
 * All routes in one table (spec §2), hash mode. Every screen is its own lazily loaded chunk.
 * The evaluation detail "rate/grade/{id?}&{data?}" is written as rate/grade/:id?/:data?.
 */
import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { guardLoader, guardShouldRevalidate } from './guard';
import { screen } from './lazyScreen';
import { setNavigator } from './navigation';
import PageLoading from '../components/PageLoading';
import Root from './Root';
import RouteError from './RouteError';

const companyChildren: RouteObject[] = [
  { path: 'company/:id?', lazy: screen(() => import('../pages/companyManagement/company')) },
  { path: 'sum/:id?', lazy: screen(() => import('../pages/companyManagement/sum')) },
  { path: 'check/:id?', lazy: screen(() => import('../pages/companyManagement/check')) },
  { path: 'siteSync/:id?', lazy: screen(() => import('../pages/companyManagement/siteSync')) },
  { path: 'dispatchSync/:id?', lazy: screen(() => import('../pages/companyManagement/dispatchSync')) },
  { path: 'requestSync/:id?', lazy: screen(() => import('../pages/companyManagement/requestSync')) },
  { path: 'bikeSync/:id?', lazy: screen(() => import('../pages/companyManagement/bikeSync')) },
  { path: 'bikeOutSideFee/:id?', lazy: screen(() => import('../pages/companyManagement/bikeOutSideFee')) },
  { path: 'bikeRideOrder/:id?', lazy: screen(() => import('../pages/companyManagement/bikeRideOrder')) },
];

const ratingChildren: RouteObject[] = [
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

const notFound = screen(() => import('../pages/notFound'));
const unlogin = screen(() => import('../pages/unlogin'));

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
          { path: 'unlogin', lazy: unlogin },
          { path: '401', lazy: unlogin },
          { path: '404', lazy: notFound },
          { path: 'index/:id?', lazy: screen(() => import('../pages/index')) },
          {
            id: 'guarded',
            loader: guardLoader,
            shouldRevalidate: guardShouldRevalidate,
            lazy: screen(() => import('./layout/ConsoleLayout')),
            children: guarded.map((r) => ({ ...r, errorElement: <RouteError /> })),
          },
          { path: '*', lazy: notFound },
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
