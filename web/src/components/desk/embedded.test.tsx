// @vitest-environment jsdom
/** An embedded CrudTab (a list inside a detail): its page is its own, not the URL's; fixed filters go with every call; no query form; its own empty text. And kit.run says whether a write went through. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { logIn } from '../../test/session';
import { CrudTab, defineCrud } from './index';

interface Row {
  id: number;
  name: string;
}

const calls: string[] = [];
let rows: Row[] = [];
const ran: boolean[] = [];

const spec = defineCrud<Row, 'brandId'>({
  key: 'kitEmbedded',
  rowKey: 'id',
  embedded: true,
  fixed: { brandId: '5' },
  // even an area-filtered declaration shows no query form when embedded
  areaFilter: true,
  filters: [],
  empty: '暂无运维人员',
  list: async (q) => {
    calls.push(JSON.stringify(q));
    const from = (q.currentPage - 1) * q.pageSize;
    return { lists: rows.slice(from, from + q.pageSize), total: rows.length };
  },
  columns: [{ title: '姓名', dataIndex: 'name' }],
  // kit.run says whether the write went through (a dialog of the screen's own closes only then)
  toolbar: (kit) => (
    <>
      <button type="button" onClick={() => void kit.run(() => Promise.reject(new Error('不行'))).then((ok) => ran.push(ok))}>
        坏写
      </button>
      <button type="button" onClick={() => void kit.run(async () => undefined, '写好了').then((ok) => ran.push(ok))}>
        好写
      </button>
    </>
  ),
  remove: { call: async (r) => void (rows = rows.filter((x) => x.id !== r.id)), what: (r) => `“${r.name}”` },
});

function mount() {
  logIn({ permissions: [], user: { id: 1, username: 'admin', name: '管理员', areaId: '110108', userLevel: 3 } });
  // the host screen's URL: its own filter and page
  const router = createMemoryRouter([{ path: '/host', element: <CrudTab spec={spec} /> }], { initialEntries: ['/host?brandName=蓝&currentPage=4'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('CrudTab embedded', () => {
  it("pages on its own with the fixed filters, leaving the host's URL as it is; no query form", { timeout: 120_000 }, async () => {
    calls.length = 0;
    rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `人${i + 1}` }));
    const router = mount();
    await screen.findByText('人1', {}, { timeout: 60_000 });
    expect(JSON.parse(calls.at(-1)!)).toEqual({ brandId: '5', currentPage: 1, pageSize: 10 });
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('人11', {}, { timeout: 60_000 });
    expect(JSON.parse(calls.at(-1)!)).toEqual({ brandId: '5', currentPage: 2, pageSize: 10 });
    expect(router.state.location.search).toBe('?brandName=蓝&currentPage=4');
  });

  it('says its own empty text, and refreshes after a write', { timeout: 120_000 }, async () => {
    rows = [{ id: 1, name: '王五' }];
    mount();
    const tr = (await screen.findByText('王五', {}, { timeout: 60_000 })).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByText('确定要删除“王五”吗？');
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('暂无运维人员', {}, { timeout: 60_000 });
    await waitFor(() => expect(screen.queryByText('王五')).toBeNull());
  });

  it("kit.run resolves true after the toast and the refresh, false after the server's message", { timeout: 120_000 }, async () => {
    rows = [{ id: 1, name: '王五' }];
    ran.length = 0;
    mount();
    await screen.findByText('王五', {}, { timeout: 60_000 });
    fireEvent.click(screen.getByRole('button', { name: '坏写' }));
    await screen.findByText('不行');
    await waitFor(() => expect(ran).toEqual([false]));
    fireEvent.click(screen.getByRole('button', { name: '好写' }));
    await screen.findByText('写好了');
    await waitFor(() => expect(ran).toEqual([false, true]));
  });
});
