// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { RequestError } from '../../app/request';
import { DataTable, DeskTabs, type Field, FormDialog, QueryForm, RowActions, useConfirm, useUrlQuery } from './index';
import type { ListState } from './DataTable';

function mount(element: ReactElement, entry = '/list') {
  const router = createMemoryRouter([{ path: '/list', element }], { initialEntries: [entry] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

type K = 'name' | 'state' | 'extra';
const FIELDS: Field<K>[] = [
  { name: 'name', label: '名称', type: 'input' },
  { name: 'state', label: '状态', type: 'select', options: [{ value: '1', label: '启用' }] },
  { name: 'extra', label: '备注', type: 'input' },
];

function Filters() {
  const query = useUrlQuery(FIELDS);
  return (
    <>
      <QueryForm fields={FIELDS} query={query} visible={2} />
      <output data-testid="q">{JSON.stringify({ ...query.filters, p: query.currentPage })}</output>
      <Button onClick={() => query.setPage(3, 10)}>第三页</Button>
    </>
  );
}
const q = () => JSON.parse(screen.getByTestId('q').textContent!) as Record<string, unknown>;

describe('query form bound to the URL', () => {
  it('writes the filters on 查询 (page back to 1), refills on back, clears on 重置', async () => {
    const router = mount(<Filters />, '/list?name=旧&currentPage=2');
    const input = screen.getByPlaceholderText('请输入名称') as HTMLInputElement;
    expect(input.value).toBe('旧');
    fireEvent.change(input, { target: { value: '新' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(q()).toEqual({ name: '新', p: 1 }));
    expect(router.state.location.search).toBe(`?name=${encodeURIComponent('新')}`);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(q()).toEqual({ name: '旧', p: 2 }));
    await waitFor(() => expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('旧'));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('');
  });

  it('collapses fields beyond `visible` behind 展开', async () => {
    mount(<Filters />);
    const extraCol = () => screen.getByPlaceholderText('请输入备注').closest('.desk-query-field') as HTMLElement;
    expect(extraCol().style.display).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    expect(extraCol().style.display).toBe('');
    expect(screen.getByRole('button', { name: /收起/ })).toBeTruthy();
  });

  it('keeps the filters when the page changes', async () => {
    const router = mount(<Filters />, '/list?state=1');
    fireEvent.click(screen.getByRole('button', { name: '第三页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=1&currentPage=3'));
  });
});

const state = (over: Partial<ListState<{ id: number; name: string }>>): ListState<{ id: number; name: string }> => ({
  isPending: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});
const query = { currentPage: 1, pageSize: 10, setPage: vi.fn() };
const columns = [{ title: '名称', dataIndex: 'name' }];

describe('data table states', () => {
  it('shows a skeleton while the first page loads', () => {
    mount(<DataTable rowKey="id" columns={columns} list={state({ isPending: true, isFetching: true })} query={query} />);
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
  });

  it('shows the failure with 重试, which asks again', () => {
    const list = state({ isError: true, error: new RequestError('服务器错误（HTTP 500）', 'http', false) });
    mount(<DataTable rowKey="id" columns={columns} list={list} query={query} />);
    expect(screen.getByText('数据加载失败')).toBeTruthy();
    expect(screen.getByText('服务器错误（HTTP 500）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(list.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows rows with 共 n 条, and 暂无数据 when empty', () => {
    mount(<DataTable rowKey="id" columns={columns} list={state({ data: { lists: [{ id: 1, name: '甲' }], total: 31 } })} query={query} />);
    expect(screen.getByText('甲')).toBeTruthy();
    expect(screen.getByText('共 31 条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
  });
});

const FORM: Field[] = [
  { name: 'title', label: '标题', type: 'input', required: true, rules: [{ max: 4, message: '标题最多 4 个字' }] },
  { name: 'kind', label: '类型', type: 'select', required: true, options: [{ value: '1', label: '通知' }] },
];

describe('form dialog', () => {
  it('checks rules on blur with Chinese messages, submits, toasts and closes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    mount(<FormDialog open title="新增通知" fields={FORM} initialValues={{ kind: '1' }} onSubmit={onSubmit} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByPlaceholderText('请输入标题');
    fireEvent.change(title, { target: { value: '太长的标题' } });
    fireEvent.blur(title);
    await within(dialog).findByText('标题最多 4 个字');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.blur(title);
    await within(dialog).findByText('请输入标题');
    fireEvent.change(title, { target: { value: '停电' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: '停电', kind: '1' }));
    await screen.findByText('操作成功');
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open when the call fails (the request layer told the user)', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(() => Promise.reject(new RequestError('名称已存在', 'failed', true, 500)));
    mount(<FormDialog open title="编辑" fields={FORM} initialValues={{ title: '甲', kind: '1' }} onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets a long text hold what its rules allow (the server’s maxLength), 500 without one', async () => {
    const fields: Field[] = [
      { name: 'note', label: '检查情况', type: 'textarea', rules: [{ max: 1000, message: '检查情况最多 1000 个字' }] },
      { name: 'memo', label: '备注', type: 'textarea' },
    ];
    mount(<FormDialog open title="新增" fields={fields} onSubmit={vi.fn()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('请输入检查情况').getAttribute('maxlength')).toBe('1000');
    expect(within(dialog).getByPlaceholderText('请输入备注').getAttribute('maxlength')).toBe('500');
  });
});

function Deleter({ onOk }: { onOk: () => void }) {
  const { confirmDelete } = useConfirm();
  return (
    <RowActions
      actions={[
        { label: '编辑', onClick: vi.fn() },
        { label: '删除', danger: true, onClick: () => confirmDelete('该站点', onOk) },
        { label: '隐藏', onClick: vi.fn(), hidden: true },
      ]}
    />
  );
}

describe('row actions and the 温馨提示 confirm', () => {
  it('asks 温馨提示 before deleting and acts on 确定', async () => {
    const onOk = vi.fn();
    mount(<Deleter onOk={onOk} />);
    expect(screen.queryByRole('button', { name: '隐藏' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect((await screen.findAllByText('温馨提示')).length).toBeGreaterThan(0);
    expect(screen.getByText('确定要删除该站点吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });
});

describe('DeskTabs', () => {
  function mountTabs(entry: string, allowed = true) {
    const tabs = (
      <DeskTabs
        items={[
          { key: 'users', label: '用户管理', render: () => <p>用户列表</p> },
          { key: 'roles', label: '角色管理', render: () => <p>角色列表</p>, allowed },
        ]}
      />
    );
    const router = createMemoryRouter([{ path: '/systemSettings/:id?', element: tabs }], { initialEntries: [entry] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it('shows the tab the URL names and switches through the tab route', async () => {
    const router = mountTabs('/systemSettings/roles');
    expect(await screen.findByText('角色列表')).toBeTruthy();
    expect(screen.queryByText('用户列表')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '用户管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/systemSettings/users'));
    expect(await screen.findByText('用户列表')).toBeTruthy();
  });

  it('falls back to the first allowed tab and hides the ones not allowed', async () => {
    mountTabs('/systemSettings/roles', false);
    expect(await screen.findByText('用户列表')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '角色管理' })).toBeNull();
  });
});
