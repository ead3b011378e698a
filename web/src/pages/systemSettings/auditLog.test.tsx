// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import AuditLogTab, { summaryOf } from './auditLog';
import SystemSettings from './index';

const entry = {
  id: '41',
  time: '2026-11-25 09:30:00',
  userId: 3,
  username: 'hdadmin',
  userName: '海淀管理员',
  areaId: '110108',
  method: 'POST',
  route: '/api/user/add',
  summary: '新增用户',
  objectId: '17',
  before: null,
  after: { params: null, query: null, body: { username: 'zhangsan', password: '***', name: '张三' }, answer: { id: 17 } },
  ip: '10.0.0.8',
  outcome: '200 用户添加成功',
};

let fx: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fx = stubFetch((path) => {
    if (path === '/api/auditLog/list') return ok({ lists: [entry], total: 1, more: false });
    if (path === '/api/role/list') return ok({ lists: [], total: 0 });
    if (path === '/api/auditLog/routes') return ok([{ method: 'POST', url: '/api/user/add', summary: '新增用户' }]);
    if (path === '/api/auditLog/export')
      return new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('操作日志', () => {
  it('lists who did what to which object from where, and a row opens what was sent', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['audit.view'] });
    renderRoute(<AuditLogTab areaUser />, '/systemSettings/log');
    const row = (await screen.findByText('2026-11-25 09:30:00')).closest('tr')!;
    for (const text of ['hdadmin', '海淀管理员', 'POST', '新增用户', '17', '10.0.0.8', '200 用户添加成功']) expect(row.textContent).toContain(text);
    expect(row.textContent).toContain('password: ***');
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    const details = await screen.findByTestId('audit-details');
    expect(details.textContent).toContain('POST /api/user/add');
    expect(details.textContent).toContain('"username": "zhangsan"');
    expect(details.textContent).toContain('（无）'); // no before snapshot
  });

  it('sends the URL filters, the operation as method and route, to the list and to 导出', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['audit.view'] });
    const { router } = renderRoute(<AuditLogTab areaUser />, '/systemSettings/log');
    await router.navigate('/systemSettings/log?username=hdadmin&op=POST%20%2Fapi%2Fuser%2Fadd&startTime=2026-11-01&endTime=2026-11-25');
    await waitFor(() => expect(fx.last('/api/auditLog/list')?.url.searchParams.get('username')).toBe('hdadmin'), { timeout: 20_000 });
    expect(Object.fromEntries(fx.last('/api/auditLog/list')!.url.searchParams)).toMatchObject({
      method: 'POST',
      route: '/api/user/add',
      startTime: '2026-11-01',
      endTime: '2026-11-25',
      currentPage: '1',
      pageSize: '10',
    });
    fireEvent.click(await screen.findByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(fx.last('/api/auditLog/export', 'POST')).toBeTruthy());
    expect(fx.last('/api/auditLog/export', 'POST')!.body).toEqual({
      username: 'hdadmin',
      method: 'POST',
      route: '/api/user/add',
      startTime: '2026-11-01',
      endTime: '2026-11-25',
    });
  });

  it('says 暂无数据 when nothing matches and warns when the count stops at 10,000', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['audit.view'] });
    fx = stubFetch((path) => (path === '/api/auditLog/list' ? ok({ lists: [], total: 0, more: false }) : ok([])));
    renderRoute(<AuditLogTab areaUser={false} />, '/systemSettings/log');
    await waitFor(() => expect(document.querySelector('.ant-table')?.textContent).toContain('暂无数据'), { timeout: 20_000 });
    expect(document.querySelector('.audit-more')).toBeNull();
    expect(summaryOf({ truncated: true, preview: '{"body":' })).toBe('{"body":');
    expect(summaryOf({ params: { id: '5' }, body: { alias: '东门' } })).toBe('id: 5，alias: 东门');
  });

  it('is a tab of 系统设置 only with audit.view', { timeout: 120_000 }, async () => {
    logIn({ permissions: ['role.manage', 'audit.view'] });
    const first = renderRoute(<SystemSettings />, '/systemSettings/log');
    expect(await screen.findByRole('tab', { name: '操作日志' })).toBeTruthy();
    await screen.findByText('hdadmin');
    first.unmount();
    logIn({ permissions: ['role.manage'] });
    renderRoute(<SystemSettings />, '/systemSettings/log');
    expect(await screen.findByRole('tab', { name: '角色管理' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '操作日志' })).toBeNull();
  });
});
