// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterTree, nestAreas } from './areaTree';
import { AREAS, BEIJING, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';

let refuse = false;
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  refuse = false;
  fetched = stubFetch((path, method) => {
    if (path === '/api/area/listsAll') return ok(AREAS);
    if (path === '/api/site/rail')
      return ok([
        { siteId: 'S1', siteName: '站1', siteLon: 116.3, siteLat: 39.98, areaId: '110108', gpsRail: null, length: 20, flag: 1, num: 3, recycleSwitch: false },
      ]);
    if (path === '/api/area/' && method === 'POST') return ok(null, 200, '区域添加成功');
    if (path === '/api/area/110105' && method === 'DELETE') return ok(null, 400, '该区域下还有 3 个站点、2 个用户，不能删除');
    if (path === '/api/area/' && method === 'PUT') return refuse ? ok(null, 400, '聚合区域编码不存在') : ok(null, 200, '区域修改成功');
    return undefined;
  });
  logIn({ ...BEIJING, permissions: ['area.manage', 'forbid.manage'] });
});
afterEach(() => vi.restoreAllMocks());

const input = (dialog: HTMLElement, id: string) => dialog.querySelector(`[id="${id}"]`) as HTMLInputElement;

describe('area tree (pure)', () => {
  it('nests under the user area and filters by name or code, keeping ancestors expanded', () => {
    const roots = nestAreas(AREAS);
    expect(roots.map((n) => n.key)).toEqual(['110000']);
    expect(roots[0].children![0].children!.map((n) => n.title)).toEqual(['东城区', '朝阳区', '海淀区']);
    const f = filterTree(roots, '海淀');
    expect(f.matches).toBe(1);
    expect(f.expanded.sort()).toEqual(['110000', '110100']);
    expect(f.nodes[0].children![0].children!.map((n) => n.title)).toEqual(['海淀区']);
    expect(filterTree(roots, '110105').nodes[0].children![0].children!.map((n) => n.title)).toEqual(['朝阳区']);
    expect(filterTree(roots, '浦东').nodes).toEqual([]);
  });
});

describe('#/regionalSettings/area', () => {
  it('filters the tree by the search box and shows the chosen area', WAIT, async () => {
    renderPage('/regionalSettings/area');
    await screen.findByText('北京市辖区', {}, WAIT);
    expect(screen.getByTestId('screen-title').textContent).toBe('区域设置');
    fireEvent.change(screen.getByPlaceholderText('搜索区域名称或编码'), { target: { value: '海淀' } });
    await waitFor(() => expect(screen.queryByText('朝阳区')).toBeNull());
    expect(document.querySelector('.regional-mark')?.textContent).toBe('海淀');
    fireEvent.click(document.querySelector('.regional-mark')!);
    await waitFor(() => expect(document.querySelector('.ant-descriptions-title')?.textContent).toBe('海淀区'));
    expect(document.querySelector('.regional-detail')!.textContent).toContain('HD');
    // 站点数 is the server's siteCount of the area (no site list fetched for it)
    expect(document.querySelector('.regional-detail')!.textContent).toContain('站点数1');
    expect(fetched.last('/api/site/rail')).toBeUndefined();
    fireEvent.change(screen.getByPlaceholderText('搜索区域名称或编码'), { target: { value: '浦东' } });
    await screen.findByText('没有匹配的区域');
  });

  it('edits an area through PUT /api/area/ with the editable fields; a refusal keeps the dialog with the server message', SLOW, async () => {
    renderPage('/regionalSettings/area?x=1');
    await screen.findByText('海淀区', {}, WAIT);
    fireEvent.click(screen.getByText('海淀区'));
    await waitFor(() => expect(document.querySelector('.ant-descriptions-title')?.textContent).toBe('海淀区'));
    fireEvent.click(screen.getByRole('button', { name: /编辑区域/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(input(dialog, 'areaName').value).toBe('海淀区');
    expect(dialog.textContent).toContain('110108');
    await waitFor(() => expect(dialog.textContent).toContain('1 个'));
    fireEvent.change(input(dialog, 'platformCode'), { target: { value: ' HD01 ' } });
    fireEvent.click(input(dialog, 'monitorOpen'));
    fireEvent.click(input(dialog, 'gbfsPublic')); // 公开发布
    fireEvent.change(input(dialog, 'aggregationId'), { target: { value: '12' } });
    fireEvent.blur(input(dialog, 'aggregationId'));
    await within(dialog).findByText('聚合区域编码为 6 位数字', {}, WAIT);
    fireEvent.change(input(dialog, 'aggregationId'), { target: { value: '' } });
    refuse = true;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('聚合区域编码不存在', {}, WAIT);
    expect(screen.getByRole('dialog')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('区域修改成功', {}, WAIT);
    expect(fetched.last('/api/area/', 'PUT')!.body).toEqual({
      id: '110108',
      areaName: '海淀区',
      aggregation: 0,
      aggregationId: null,
      platformCode: 'HD01',
      monitorOpen: true,
      isOpen: false,
      gbfsPublic: true,
    });
  });

  it('adds a sub-area with a code that fits under the selected one, and shows why a delete is refused', SLOW, async () => {
    renderPage('/regionalSettings/area');
    await screen.findByText('海淀区', {}, WAIT);
    fireEvent.click(screen.getByText('海淀区'));
    await waitFor(() => expect(document.querySelector('.ant-descriptions-title')?.textContent).toBe('海淀区'));
    fireEvent.click(screen.getByRole('button', { name: /新增下级区域/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog.textContent).toContain('海淀区（110108）');
    fireEvent.change(input(dialog, 'id'), { target: { value: '120101' } });
    fireEvent.blur(input(dialog, 'id'));
    await within(dialog).findByText('110108 下的片区编码应为同城市的 1101xx（末两位不为 00）', {}, WAIT);
    fireEvent.change(input(dialog, 'id'), { target: { value: '110190' } });
    fireEvent.change(input(dialog, 'areaName'), { target: { value: ' 中关村片区 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('区域添加成功', {}, WAIT);
    expect(fetched.last('/api/area/', 'POST')!.body).toEqual({ id: '110190', parentId: '110108', areaName: '中关村片区' });

    fireEvent.click(screen.getByText('朝阳区'));
    await waitFor(() => expect(document.querySelector('.ant-descriptions-title')?.textContent).toBe('朝阳区'));
    fireEvent.click(screen.getByRole('button', { name: /删除区域/ }));
    const confirm = await screen.findByText('确定要删除区域“朝阳区”吗？', {}, WAIT);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('该区域下还有 3 个站点、2 个用户，不能删除', {}, WAIT);
    expect(fetched.last('/api/area/110105', 'DELETE')).toBeTruthy();
  });

  it('hides 编辑区域 without the area.manage button', WAIT, async () => {
    logIn({ ...BEIJING, permissions: ['forbid.manage'] });
    renderPage('/regionalSettings/area');
    await screen.findByText('北京市辖区', {}, WAIT);
    await waitFor(() => expect(document.querySelector('.ant-descriptions-title')?.textContent).toBe('北京市'));
    expect(screen.queryByRole('button', { name: /编辑区域/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增下级区域/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除区域/ })).toBeNull();
  });
});
