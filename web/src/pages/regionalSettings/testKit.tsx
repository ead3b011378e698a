/** Test helpers of 区域设置's jsdom tests: the areas and the page (the fetch stub and the session come from src/test). */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import type { AreaNode } from '../../app/session/types';
import RegionalSettings from './index';
import type { Area } from './types';

const area = (id: string, areaName: string, level: number, parentId: string | null, more: Partial<Area> = {}): Area => ({
  id,
  areaCode: id,
  areaName,
  parentId,
  level,
  aggregation: 0,
  aggregationId: null,
  platformCode: null,
  monitorOpen: false,
  isOpen: false,
  gbfsPublic: false,
  gpsRail: null,
  fullPileNum: 1,
  fullPileName: '满桩值',
  siteCount: 0,
  ...more,
});

export const AREAS: Area[] = [
  area('110000', '北京市', 1, '000000'),
  area('110100', '北京市辖区', 2, '110000'),
  area('110108', '海淀区', 3, '110100', { platformCode: 'HD', siteCount: 1 }),
  area('110105', '朝阳区', 3, '110100'),
  area('110101', '东城区', 3, '110100'),
];

const node = (a: Area, children?: AreaNode[]): AreaNode => ({ ...a, children }) as AreaNode;
const TREE = [node(AREAS[0], [node(AREAS[1], [node(AREAS[2]), node(AREAS[3]), node(AREAS[4])])])];

/** 北京's super administrator with 北京's area tree: `logIn({ ...BEIJING, permissions })` */
export const BEIJING = { user: { username: 'bj', name: '北京管理员', areaId: '110000', userLevel: 3 }, areaAll: TREE };
/** the same user as an area administrator (userLevel 2) */
export const BEIJING_AREA_ADMIN = { ...BEIJING, user: { ...BEIJING.user, userLevel: 2 } };

export function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: '/regionalSettings/:id?', element: <RegionalSettings /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** a loaded 2-core machine: antd's first modal and its validation can take seconds */
export const SLOW = { timeout: 120_000 };
export const WAIT = { timeout: 60_000 };
