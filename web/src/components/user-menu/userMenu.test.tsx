// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY, heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import type { User } from '../../app/session/types';
import { renderRoute } from '../../test/renderRoute';
import UserMenu from './UserMenu';

const fetchMock = vi.fn();
const reply = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
const user: User = {
  id: 1,
  username: 'zhangsan',
  name: '张三',
  phone: '13812345678',
  company: '某某出行',
  roles: [
    { id: 1, roleName: '区域管理员' },
    { id: 2, roleName: '值守员' },
  ],
  areaId: '110108',
  areaName: null,
  areaLevel: 3,
  userLevel: 2,
  siteId: null,
  createTime: '2024-03-01 09:30:00',
  unavailableTime: null,
  idcardUrl: 'front.png',
  idcardBackUrl: null,
  creatorName: 'admin',
  platformCode: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ ...persistedDefaults(), ...heldDefaults(), authorization: 'tok', user });
});

async function openItem(label: string) {
  fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
  fireEvent.click(await screen.findByText(label));
}

describe('user menu', () => {
  it('offers 登录 without a session', () => {
    useSession.setState({ authorization: '' });
    renderRoute(<UserMenu />);
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
  });

  it('shows 登录 as a solid primary button on the dark big screen (not a ghost: navy on navy)', () => {
    useSession.setState({ authorization: '' });
    renderRoute(<UserMenu dark />);
    const button = screen.getByRole('button', { name: /登\s*录/ });
    expect(button.className).toContain('ant-btn-primary');
    expect(button.className).not.toContain('ant-btn-background-ghost');
  });

  it('shows every profile field', async () => {
    fetchMock.mockImplementation((url: string) =>
      url.startsWith('/uploads/')
        ? Promise.resolve(new Response('png', { headers: { 'content-type': 'image/png' } }))
        : reply({ code: 200, message: '', data: user }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:front'), revokeObjectURL: vi.fn() }));
    renderRoute(<UserMenu />);
    await openItem('个人信息');
    const dialog = await screen.findByRole('dialog');
    const d = within(dialog);
    for (const label of ['登录账号', '姓名', '手机号', '所属公司', '角色', '权限区域', '有效期', '身份证正面', '身份证反面', '创建人', '创建时间']) {
      expect(d.getByText(label)).toBeTruthy();
    }
    expect(d.getByText('zhangsan')).toBeTruthy();
    expect(d.getByText('138****5678')).toBeTruthy();
    expect(d.getByText('区域管理员、值守员')).toBeTruthy();
    expect(d.getByText('全国')).toBeTruthy();
    expect(d.getByText('长期有效')).toBeTruthy();
    expect(d.getByText('2024-03-01 09:30:00')).toBeTruthy();
    // the photo comes through fetch with the token (an <img> cannot send it), shown as a blob: URL
    expect((await d.findByAltText('身份证正面')).getAttribute('src')).toBe('blob:front');
    const photoCall = fetchMock.mock.calls.find(([u]) => u === '/uploads/front.png');
    expect(new Headers(photoCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(d.getByText('暂无')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.anything()));
  });

  it('validates the new password on blur', async () => {
    renderRoute(<UserMenu />);
    await openItem('修改密码');
    const oldInput = await screen.findByPlaceholderText('请输入旧密码');
    const newInput = screen.getByPlaceholderText('请输入新密码');
    fireEvent.change(oldInput, { target: { value: 'abc123' } });
    fireEvent.blur(oldInput);
    fireEvent.change(newInput, { target: { value: 'abc' } });
    fireEvent.blur(newInput);
    expect(await screen.findByText('新密码长度为 6-32 位')).toBeTruthy();
    fireEvent.change(newInput, { target: { value: 'abcdefg' } });
    fireEvent.blur(newInput);
    expect(await screen.findByText('新密码须同时包含字母和数字，且不能含空格')).toBeTruthy();
    fireEvent.change(newInput, { target: { value: 'abc123' } });
    fireEvent.blur(newInput);
    expect(await screen.findByText('新密码不能与旧密码相同')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes the password, then logs out to /login', async () => {
    fetchMock.mockImplementation(() => reply({ code: 200, message: '', data: null }));
    const { router } = renderRoute(<UserMenu />, '/', [{ path: '/login', element: <div>login</div> }]);
    await openItem('修改密码');
    fireEvent.change(await screen.findByPlaceholderText('请输入旧密码'), { target: { value: 'old12345' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'new12345' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/pwd?selfAreaId=110108');
    expect(JSON.parse(String(init.body))).toEqual({ oldPwd: 'old12345', newPwd: 'new12345' });
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
    expect(useSession.getState().authorization).toBe('');
  });

  it('asks before logging out, then clears the session', async () => {
    fetchMock.mockImplementation(() => reply({ code: 200, message: '', data: null }));
    localStorage.setItem(STORAGE_KEY, '{"state":{}}');
    const { router } = renderRoute(<UserMenu />, '/', [{ path: '/login', element: <div>login</div> }]);
    await openItem('退出登录');
    expect(await screen.findByText('你是否确定退出登录？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/logout');
    expect(useSession.getState().authorization).toBe('');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
