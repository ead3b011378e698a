// @vitest-environment jsdom
/** The CRUD kit: a declaration renders a whole tab, and the kit owns editing, refresh, confirm, toasts and failures. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { RequestError } from '../../app/request';
import type { PermissionName } from '../../lib/permission';
import { logIn } from '../../test/session';
import { CrudTab, RowSwitch, defineCrud, serverRules } from './index';

interface Row {
  id: number;
  name: string;
  phone: string;
}
type Values = { name: string; phone?: string; areaId?: string };

let rows: Row[];
const calls: string[] = [];

function spec(failSave = false) {
  return defineCrud<Row, 'name', Values>({
    key: 'kitTest',
    rowKey: 'id',
    areaFilter: true,
    filters: [{ name: 'name', label: '名称', type: 'input' }],
    list: async (q) => {
      calls.push(`list ${JSON.stringify(q)}`);
      const lists = rows.filter((r) => !q.name || r.name.includes(q.name));
      return { lists, total: lists.length };
    },
    columns: [
      { title: '名称', dataIndex: 'name' },
      { title: '电话', dataIndex: 'phone' },
    ],
    form: {
      noun: '授权',
      rulesOf: '/api/saveThirdPartyAuthUser',
      useFields: (row) => [
        { name: 'name', label: '名称', type: 'input', required: true },
        { name: 'phone', label: '联系手机', type: 'input', required: !row },
      ],
      initial: (row, areaId) => (row ? { name: row.name } : { areaId }),
      save: async (v, row) => {
        calls.push(`save ${row ? row.id : 'new'} ${JSON.stringify(v)}`);
        if (failSave) throw new RequestError('名称已被使用', 'failed', false, 400);
        if (row) rows = rows.map((r) => (r.id === row.id ? { ...r, name: v.name } : r));
        else rows = [...rows, { id: rows.length + 1, name: v.name, phone: v.phone ?? '' }];
      },
    },
    remove: {
      what: (r) => `“${r.name}”`,
      call: async (r) => {
        calls.push(`remove ${r.id}`);
        rows = rows.filter((x) => x.id !== r.id);
      },
    },
    exportCall: async (filters) => void calls.push(`export ${JSON.stringify(filters)}`),
    permissions: { edit: 'user.manage', export: 'company.export' },
  });
}

/** A declaration using the options screens add: their own confirm, 删除's own permission, tools right and above the table, the filters in the form. */
function ownSpec() {
  return defineCrud<Row, 'name', Values>({
    key: 'kitOwn',
    rowKey: 'id',
    areaFilter: true,
    filters: [{ name: 'name', label: '名称', type: 'input' }],
    list: async () => ({ lists: rows, total: rows.length }),
    columns: (kit) => [
      { title: '名称', dataIndex: 'name' },
      {
        title: '开关',
        key: 'on',
        render: (_, r) => (
          <RowSwitch
            label={`开关 ${r.name}`}
            checked={r.phone === 'on'}
            disabled={!kit.canEdit}
            onChange={(on) => kit.run(async () => void calls.push(`switch ${r.id} ${on}`), on ? '已开启' : '已关闭')}
          />
        ),
      },
    ],
    form: {
      noun: '授权',
      useFields: (_row, _form, { filters }) => [
        { name: 'name', label: '名称', type: 'input', extra: `列表区域 ${filters.selfAreaId ?? '无'}` },
        { name: 'phone', label: '画的', type: 'hidden' },
      ],
      useAside: (_row, form, { rows: listed, initial }) => (
        <button type="button" onClick={() => form.setFieldValue('phone', '一笔')}>{`画 ${listed.length} ${initial?.phone}`}</button>
      ),
      initial: () => ({ phone: '原' }),
      save: async (v, _row, areaId, filters) => void calls.push(`save ${areaId} ${filters.selfAreaId ?? '-'} ${v.name} ${v.phone}`),
    },
    remove: {
      confirm: (r) => `是否确定删除${r.name}？其记录一并删除。`,
      call: async (r) => void calls.push(`remove ${r.id}`),
      success: '已删除',
    },
    permissions: { edit: 'user.manage', remove: 'company.export' },
    toolbarRight: (kit) => <button type="button">{`右侧 ${kit.selected.length}`}</button>,
    beforeTable: (kit) => <div>{`地图 ${kit.data?.total ?? '…'}`}</div>,
    table: (kit) => ({ rowClassName: () => (kit.canRemove ? 'row-removable' : 'row-kept') }),
  });
}

function mountOwn(permissions: PermissionName[], entry = '/list') {
  logIn({ permissions, user: { id: 1, username: 'admin', name: '管理员', areaId: '110108', userLevel: 2 } });
  const router = createMemoryRouter([{ path: '/list', element: <CrudTab spec={ownSpec()} /> }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

function mount(permissions: PermissionName[], opts: { userLevel?: number; failSave?: boolean } = {}) {
  logIn({ permissions, user: { id: 1, username: 'admin', name: '管理员', areaId: '110108', userLevel: opts.userLevel ?? 1 } });
  const router = createMemoryRouter([{ path: '/list', element: <CrudTab spec={spec(opts.failSave)} /> }], { initialEntries: ['/list'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  calls.length = 0;
});

const input = (box: HTMLElement, label: string) =>
  within(box).getByText(label, { selector: 'label' }).closest('.ant-form-item')!.querySelector('input') as HTMLInputElement;
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

describe('CrudTab', () => {
  it('creates, edits and deletes through the declared calls, refreshing the list each time', { timeout: 120_000 }, async () => {
    rows = [{ id: 1, name: '数据局', phone: '138****0000' }];
    mount(['systemSettings', 'user.manage']);
    await screen.findByText('数据局');
    fireEvent.click(screen.getByRole('button', { name: /新增授权/ }));
    let box = await dialog('新增授权');
    fireEvent.change(input(box, '名称'), { target: { value: '地图商' } });
    fireEvent.change(input(box, '联系手机'), { target: { value: '13800000001' } });
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('授权添加成功');
    await screen.findByText('地图商');
    expect(calls.filter((c) => c.startsWith('save')).map((c) => JSON.parse(c.slice('save new '.length)))).toEqual([{ name: '地图商', phone: '13800000001' }]);

    const row = screen.getByText('地图商').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    box = await dialog('编辑授权');
    expect(input(box, '名称').value).toBe('地图商');
    fireEvent.change(input(box, '名称'), { target: { value: '图商' } });
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('授权修改成功');
    await screen.findByText('图商');

    fireEvent.click(within(screen.getByText('图商').closest('tr')!).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定要删除“图商”吗？')).closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getAllByText('温馨提示').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('图商')).toBeNull());
    expect(calls).toContain('remove 2');
  });

  it("checks the server's bounds of the save route, and keeps the dialog open with the server's message on a refusal", { timeout: 120_000 }, async () => {
    rows = [];
    mount(['systemSettings', 'user.manage'], { failSave: true });
    fireEvent.click(await screen.findByRole('button', { name: /新增授权/ }));
    const box = await dialog('新增授权');
    fireEvent.change(input(box, '联系手机'), { target: { value: '123' } });
    fireEvent.blur(input(box, '联系手机'));
    expect(await within(box).findByText('联系手机格式不正确：11 位手机号')).toBeTruthy();
    fireEvent.change(input(box, '名称'), { target: { value: 'x'.repeat(65) } });
    fireEvent.blur(input(box, '名称'));
    expect(await within(box).findByText('名称最多 64 个字')).toBeTruthy();
    fireEvent.change(input(box, '名称'), { target: { value: '数据局' } });
    fireEvent.change(input(box, '联系手机'), { target: { value: '13800000001' } });
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('名称已被使用');
    expect(screen.getByText('新增授权', { selector: '.ant-modal-title' })).toBeTruthy();
  });

  it('hides 新增, 编辑, 删除 and 导出 without their permission names', async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mount(['systemSettings']);
    await screen.findByText('数据局');
    expect(screen.queryByRole('button', { name: /新增授权/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });

  it('exports with the filters in the URL, and adds the area filter for users with sub-areas only', async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    const router = mount(['systemSettings', 'company.export', 'companyManagement'], { userLevel: 2 });
    await screen.findByText('数据局');
    expect(screen.getByText('区域')).toBeTruthy();
    await act(() => router.navigate('/list?name=数据'));
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await screen.findByText('数据导出成功！');
    expect(calls).toContain('export {"name":"数据"}');
  });

  it('shows no area filter to a user below level 2', async () => {
    rows = [];
    mount(['systemSettings'], { userLevel: 1 });
    await screen.findAllByText('暂无数据');
    expect(screen.queryByText('区域')).toBeNull();
  });
});

describe('CrudTab options', () => {
  it("remove.confirm words the whole confirmation; toolbarRight, beforeTable and table from the kit show the screen's own", { timeout: 120_000 }, async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mountOwn(['systemSettings', 'user.manage', 'company.export', 'companyManagement']);
    await screen.findByText('数据局');
    expect(screen.getByText('地图 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: '右侧 0' })).toBeTruthy();
    expect(screen.getByText('数据局').closest('tr')!.classList.contains('row-removable')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('是否确定删除数据局？其记录一并删除。')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('已删除');
    expect(calls).toContain('remove 1');
  });

  it('RowSwitch runs its call through kit.run (toast, refresh)', { timeout: 120_000 }, async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mountOwn(['systemSettings', 'user.manage']);
    await screen.findByText('数据局');
    fireEvent.click(screen.getByRole('switch', { name: '开关 数据局' }));
    await screen.findByText('已开启');
    expect(calls).toContain('switch 1 true');
  });

  it('RowSwitch is read-only without the edit permission', async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mountOwn(['systemSettings']);
    await screen.findByText('数据局');
    expect((screen.getByRole('switch', { name: '开关 数据局' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('permissions.remove shows 删除 apart from 编辑', async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mountOwn(['systemSettings', 'user.manage']);
    await screen.findByText('数据局');
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('数据局').closest('tr')!.classList.contains('row-kept')).toBe(true);
  });

  it("the form's fields, aside and save get the list; the aside sets a hidden field", { timeout: 120_000 }, async () => {
    rows = [];
    mountOwn(['systemSettings', 'user.manage'], '/list?selfAreaId=110101');
    fireEvent.click(await screen.findByRole('button', { name: /新增授权/ }));
    const box = await dialog('新增授权');
    expect(within(box).getByText('列表区域 110101')).toBeTruthy();
    expect(within(box).getByText('画的').closest('.ant-form-item-hidden')).toBeTruthy();
    fireEvent.change(input(box, '名称'), { target: { value: '地图商' } });
    fireEvent.click(within(box).getByRole('button', { name: '画 0 原' }));
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('授权添加成功');
    expect(calls).toContain('save 110101 110101 地图商 一笔');
  });
});

/** A declaration with an ask: 驳回 with a reason, on a row (not a refused one) or on the rows chosen. */
function askSpec() {
  return defineCrud<Row, 'name'>({
    key: 'kitAsk',
    rowKey: 'id',
    filters: [],
    list: async () => ({ lists: rows, total: rows.length }),
    columns: [{ title: '名称', dataIndex: 'name' }],
    actions: (r, kit) => [kit.askAction('reject', r)],
    asks: {
      reject: {
        label: '驳回',
        batchLabel: '批量驳回',
        on: (r) => r.phone !== 'done',
        title: (r, n) => (r ? `驳回“${r.name}”` : `驳回 ${n} 项`),
        fields: [
          { name: 'name', label: '名称', type: 'display' },
          { name: 'reason', label: '原因', type: 'textarea', required: true },
        ],
        save: async (v, keys) => void calls.push(`reject ${keys.join(',')} ${String(v.reason)}`),
        success: '已驳回',
      },
    },
    selectable: (r) => r.phone !== 'done',
    permissions: { edit: 'user.manage' },
  });
}

function mountAsk(permissions: PermissionName[]) {
  logIn({ permissions, user: { id: 1, username: 'admin', name: '管理员', areaId: '110108', userLevel: 1 } });
  const router = createMemoryRouter([{ path: '/list', element: <CrudTab spec={askSpec()} /> }], { initialEntries: ['/list'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('CrudTab asks', () => {
  it('asks for the values on one row, the row shown, then runs on its key', { timeout: 120_000 }, async () => {
    rows = [
      { id: 1, name: '数据局', phone: '' },
      { id: 2, name: '图商', phone: 'done' },
    ];
    mountAsk(['systemSettings', 'user.manage']);
    await screen.findByText('数据局');
    // no filters declared: no empty query form (查询 / 重置 with nothing to set)
    expect(document.querySelector('form[aria-label="查询条件"]')).toBeNull();
    // a row the ask refuses has no action
    expect(within(screen.getByText('图商').closest('tr')!).queryByRole('button', { name: '驳回' })).toBeNull();
    fireEvent.click(within(screen.getByText('数据局').closest('tr')!).getByRole('button', { name: '驳回' }));
    const box = await dialog('驳回“数据局”');
    expect(within(box).getByText('数据局')).toBeTruthy();
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await within(box).findByText('请输入原因');
    expect(calls.some((c) => c.startsWith('reject'))).toBe(false);
    fireEvent.change(within(box).getByRole('textbox'), { target: { value: '材料不全' } });
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('已驳回');
    expect(calls).toContain('reject 1 材料不全');
  });

  it('the batch button runs on the keys chosen, and clears the choice', { timeout: 120_000 }, async () => {
    rows = [
      { id: 1, name: '数据局', phone: '' },
      { id: 3, name: '地图商', phone: '' },
    ];
    mountAsk(['systemSettings', 'user.manage']);
    await screen.findByText('数据局');
    const batch = screen.getByRole('button', { name: '批量驳回' }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    for (const name of ['数据局', '地图商']) fireEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await waitFor(() => expect(batch.disabled).toBe(false));
    fireEvent.click(batch);
    const box = await dialog('驳回 2 项');
    fireEvent.change(within(box).getByRole('textbox'), { target: { value: '重复' } });
    fireEvent.click(box.querySelector('.ant-btn-primary')!);
    await screen.findByText('已驳回');
    expect(calls).toContain('reject 1,3 重复');
    await waitFor(() => expect((screen.getByRole('button', { name: '批量驳回' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('without the edit permission: no ask, no batch button', async () => {
    rows = [{ id: 1, name: '数据局', phone: '' }];
    mountAsk(['systemSettings']);
    await screen.findByText('数据局');
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量驳回' })).toBeNull();
  });
});

describe('serverRules', () => {
  it('words the bounds the server declares, leaving a kind the screen words itself', () => {
    const rules = serverRules('/api/saveThirdPartyAuthUser', 'phone', '联系手机');
    expect(rules).toEqual([{ pattern: /^1\d{10}$/, message: '联系手机格式不正确：11 位手机号' }]);
    expect(serverRules('/api/saveThirdPartyAuthUser', 'phone', '联系手机', [{ pattern: /^1/, message: '自己的' }])).toEqual([]);
    expect(serverRules('/api/saveThirdPartyAuthUser', 'nothing', '无')).toEqual([]);
  });
  it('checks a number range', async () => {
    const [range] = serverRules('/api/company/setAreaQuota', 'bikeQuota', '自行车核准数量') as [{ validator: (r: unknown, v: unknown) => Promise<void> }];
    await expect(range.validator(null, 5)).resolves.toBeUndefined();
    await expect(range.validator(null, '')).resolves.toBeUndefined();
    await expect(range.validator(null, -1)).rejects.toThrow('自行车核准数量应为 0 到 10000000 的数');
  });
});
