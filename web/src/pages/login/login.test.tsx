// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY, heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import { renderRoute } from '../../test/renderRoute';
import Login from './index';

const fetchMock = vi.fn();
const reply = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ ...persistedDefaults(), ...heldDefaults() });
});

function fill(username: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('请输入账号'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login page', () => {
  it('shows the platform name and requires both fields', async () => {
    renderRoute(<Login />, '/login');
    expect(screen.getByRole('heading', { name: '站点单车监管平台' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the login is refused", async () => {
    fetchMock.mockImplementation(() => reply({ code: 400, message: '用户名或密码错误', data: null }));
    renderRoute(<Login />, '/login');
    fill('admin', 'wrong-pass');
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(useSession.getState().authorization).toBe('');
  });

  it('stores token and user and goes to /index on success', async () => {
    const user = { id: 1, username: 'admin', name: '管理员', areaId: '000000', userLevel: 3, areaLevel: 0, roles: [] };
    fetchMock.mockImplementation(() => reply({ code: 200, message: '', data: { token: 't-1', user } }));
    const { router } = renderRoute(<Login />, '/login', [{ path: '/index', element: <div>home</div> }]);
    fill(' admin ', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    const body = JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body)) as Record<string, string>;
    expect(fetchMock.mock.calls[0][0]).toBe('/api/login');
    expect(body).toEqual({ username: 'admin', password: 'secret123' });
    expect(useSession.getState().authorization).toBe('t-1');
    expect(useSession.getState().user?.name).toBe('管理员');
    expect(localStorage.getItem(STORAGE_KEY)).toContain('t-1');
  });

  it('sends a user whose only section is the field app to #/field, with the permissions it read', async () => {
    const user = { id: 31, username: 'yw01', name: '王运维', areaId: '110108', userLevel: 2, areaLevel: 3, roles: [{ id: 31, roleName: '运维人员' }] };
    const field = [{ id: 11, children: [140, 141] }];
    fetchMock.mockImplementation((url: string) =>
      reply({ code: 200, message: '', data: url.startsWith('/api/permission/list') ? field : { token: 't-2', user } }),
    );
    const { router } = renderRoute(<Login />, '/login', [
      { path: '/index', element: <div>home</div> },
      { path: '/field', element: <div>field</div> },
    ]);
    fill('yw01', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/field'));
    expect(useSession.getState().permissions).toEqual(field);
  });

  it('sends a big-screen user to /index', async () => {
    const user = { id: 1, username: 'hd', name: '海淀', areaId: '110108', userLevel: 2, areaLevel: 3, roles: [] };
    fetchMock.mockImplementation((url: string) =>
      reply({
        code: 200,
        message: '',
        data: url.startsWith('/api/permission/list')
          ? [
              { id: 64, children: [] },
              { id: 11, children: [140] },
            ]
          : { token: 't-3', user },
      }),
    );
    const { router } = renderRoute(<Login />, '/login', [{ path: '/index', element: <div>home</div> }]);
    fill('hd', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('on a phone sends a maintainer (日常值守 and 外勤) to #/field, on a desk to 日常值守', async () => {
    const user = { id: 31, username: 'yw01', name: '王运维', areaId: '110108', userLevel: 1, areaLevel: 3, roles: [{ id: 31, roleName: '运维人员' }] };
    const perms = [
      { id: 2, children: [] },
      { id: 11, children: [140, 141] },
    ];
    fetchMock.mockImplementation((url: string) =>
      reply({ code: 200, message: '', data: url.startsWith('/api/permission/list') ? perms : { token: 't-4', user } }),
    );
    const stubs = [
      { path: '/field', element: <div>field</div> },
      { path: '/dailyDuty', element: <div>desk</div> },
    ];
    const desk = renderRoute(<Login />, '/login', stubs);
    fill('yw01', 'secret123');
    await waitFor(() => expect(desk.router.state.location.pathname).toBe('/dailyDuty'));
    desk.unmount();
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ matches: q.includes('max-width: 767px'), media: q }) as MediaQueryList);
    try {
      const { router } = renderRoute(<Login />, '/login', stubs);
      fill('yw01', 'secret123');
      await waitFor(() => expect(router.state.location.pathname).toBe('/field'));
    } finally {
      phone.mockRestore();
    }
  });
});
