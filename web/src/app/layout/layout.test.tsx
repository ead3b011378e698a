// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../Providers';
import type { NationalArea, User } from '../session/types';
import { areaChainNames } from './areaChain';
import ConsoleLayout from './ConsoleLayout';
import DeskPage from '../../components/desk/DeskPage';
import { logIn, setPermissions } from '../../test/session';

const national: NationalArea[] = [
  { id: '000000', areaName: '全国', parentId: null, level: 0 },
  { id: '110000', areaName: '北京市', parentId: '000000', level: 1 },
  { id: '110100', areaName: '北京市市辖区', parentId: '110000', level: 2 },
  { id: '110108', areaName: '海淀区', parentId: '110100', level: 3 },
];
/** the ten sections' menu permissions, without a button */
const SECTIONS = [
  'warn',
  'dailyDuty',
  'deviceManagement',
  'operation',
  'miBicycle',
  'ratingEvaluation',
  'companyManagement',
  'inforManagement',
  'systemSettings',
  'regionalSettings',
] as const;
const user = {
  id: 2,
  username: 'hd',
  name: '海淀管理员',
  areaId: '110108',
  areaName: '海淀区',
  areaLevel: 3,
  userLevel: 2,
  roles: [],
} as unknown as User;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  logIn({ user, nationalArea: national, permissions: SECTIONS });
});

function renderLayout(path = '/warn') {
  const router = createMemoryRouter([{ path: '/', element: <ConsoleLayout />, children: [{ path: '*', element: <p>屏幕</p> }] }], { initialEntries: [path] });
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('area chain names', () => {
  const byId = new Map(national.map((a) => [a.id, a.areaName]));
  const nameOf = (id: string) => byId.get(id);
  it('gives province, city and district, without repeats', () => {
    expect(areaChainNames('110108', nameOf, '-')).toEqual(['北京市', '北京市市辖区', '海淀区']);
    expect(areaChainNames('11', nameOf, '-')).toEqual(['北京市']);
    expect(areaChainNames('1101', nameOf, '-')).toEqual(['北京市', '北京市市辖区']);
  });
  it('falls back for the nation, no area, or names not loaded yet', () => {
    expect(areaChainNames('000000', nameOf, '全国')).toEqual(['全国']);
    expect(areaChainNames(undefined, nameOf, '全国')).toEqual(['全国']);
    expect(areaChainNames('120101', nameOf, '和平区')).toEqual(['和平区']);
  });
});

describe('desk layout', () => {
  it('shows the area chain, 返回大屏 and the user menu in the header', () => {
    renderLayout();
    const chain = screen.getByTestId('area-name');
    expect(chain.textContent).toContain('北京市');
    expect(chain.textContent).toContain('北京市市辖区');
    expect(chain.textContent).toContain('海淀区');
    expect(screen.getByRole('link', { name: /返回大屏/ }).getAttribute('href')).toBe('/index');
    expect(screen.getByRole('button', { name: '用户菜单' }).textContent).toContain('海淀管理员');
    expect(screen.getByText('屏幕')).toBeTruthy();
  });

  it('lists the ten sections of spec §2 in order as links, the current one selected', () => {
    const { container } = renderLayout('/companyManagement/sum');
    const menu = container.querySelector('.ant-menu') as HTMLElement;
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      '异常列表',
      '日常值守',
      '站点管理',
      '运营统计',
      '米单车管理',
      '评级考核',
      '企业管理',
      '信息管理',
      '系统设置',
      '区域设置',
    ]);
    expect(links[6].getAttribute('href')).toBe('/companyManagement');
    expect(menu.querySelector('.ant-menu-item-selected')?.textContent).toBe('企业管理');
    expect(menu.className).toContain('ant-menu-light');
  });

  it('shows only the sections the roles allow, and a screen of another section answers 无权访问', () => {
    setPermissions(['warn', 'site.edit']);
    const { container } = renderLayout('/deviceManagement');
    const menu = container.querySelector('.ant-menu') as HTMLElement;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['异常列表', '站点管理']);
    cleanup();
    render(
      <Providers>
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: <DeskPage screen="systemSettings">用户列表</DeskPage> }], { initialEntries: ['/systemSettings'] })}
        />
      </Providers>,
    );
    expect(screen.getByText('无权访问')).toBeTruthy();
    expect(screen.queryByText('用户列表')).toBeNull();
    expect(screen.getByText(/您的角色没有“系统设置”的权限/)).toBeTruthy();
  });
});
