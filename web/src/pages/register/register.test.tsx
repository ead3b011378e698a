// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import { renderRoute } from '../../test/renderRoute';
import { ok, stubFetch, type Call } from '../../test/stubFetch';
import Login from '../login';
import Register, { bodyOf } from './index';

let last: (path: string, method?: string) => Call | undefined;
let refusal: string | null = null;

beforeEach(() => {
  refusal = null;
  queryClient.clear();
  useSession.setState({ ...persistedDefaults(), ...heldDefaults() });
  ({ last } = stubFetch((path, method, url) => {
    if (path === '/api/register/roles')
      return ok([
        { id: 27, roleName: '站点申请人' },
        { id: 31, roleName: '运维人员' },
        { id: 32, roleName: '监督员' },
      ]);
    if (path === '/api/register/areas') {
      const parent = url.searchParams.get('parentId');
      if (!parent) return ok([{ id: '110000', areaName: '北京市', level: 1, leaf: false }]);
      if (parent === '110000') return ok([{ id: '110100', areaName: '市辖区', level: 2, leaf: false }]);
      return ok([{ id: '110108', areaName: '海淀区', level: 3, leaf: true }]);
    }
    if (path === '/api/register' && method === 'POST') return refusal ? ok(null, 400, refusal) : ok(null, 200, '申请已提交，请等待审核');
    return undefined;
  }));
});
afterEach(() => vi.unstubAllGlobals());
// the first render loads antd's table, form and modal parts: slow on a busy machine
vi.setConfig({ testTimeout: 90_000 });

const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const type = (label: string, value: string) => fireEvent.change(item(label).querySelector('input, textarea')!, { target: { value } });

async function pickHaidian() {
  fireEvent.mouseDown(item('所属区域').querySelector('.ant-select, .ant-cascader, .ant-select-selector')!);
  fireEvent.click(await screen.findByText('北京市', { selector: '.ant-cascader-menu-item-content' }));
  fireEvent.click(await screen.findByText('市辖区', { selector: '.ant-cascader-menu-item-content' }));
  fireEvent.click(await screen.findByText('海淀区', { selector: '.ant-cascader-menu-item-content' }));
}

function fillAll() {
  type('姓名', '王运维');
  type('手机号', '13512345678');
  type('登录账号', 'wang_m');
  type('密码', 'abc123');
  type('确认密码', 'abc123');
  type('单位（选填）', '某运维公司');
}

describe('申请账号', () => {
  it('is linked from the login page', async () => {
    const { router } = renderRoute(<Login />, '/login', [{ path: '/register', element: <div>register</div> }]);
    fireEvent.click(screen.getByText('没有账号？申请账号'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('builds the body the server takes: a role, or a platform account without one', () => {
    const v = {
      kind: '31',
      username: ' wang_m ',
      password: 'abc123',
      confirm: 'abc123',
      name: ' 王 ',
      phone: '13512345678',
      area: ['110000', '110100', '110108'],
      company: ' ',
      reason: '运维',
    };
    expect(bodyOf(v)).toEqual({
      username: 'wang_m',
      password: 'abc123',
      name: '王',
      phone: '13512345678',
      areaId: '110108',
      applyType: 2,
      roleId: 31,
      reason: '运维',
    });
    expect(bodyOf({ ...v, kind: 'platform', area: ['110000'] })).toMatchObject({ applyType: 1, areaId: '110000' });
    expect(bodyOf({ ...v, kind: 'platform' })).not.toHaveProperty('roleId');
  });

  it('checks the fields in Chinese before sending anything', async () => {
    renderRoute(<Register />, '/register');
    expect(await screen.findByText('运维人员', undefined, { timeout: 10_000 })).toBeTruthy();
    type('手机号', '123');
    type('密码', 'abcdef');
    type('确认密码', 'abcdeg');
    fireEvent.click(screen.getByText('提交申请').closest('button')!);
    expect(await screen.findByText('请选择所属区域', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText('请输入 11 位手机号')).toBeTruthy();
    expect(screen.getByText('密码需同时包含字母和数字')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(last('/api/register', 'POST')).toBeUndefined();
  });

  it('applies as a maintainer of 海淀区 and says what happens next', async () => {
    renderRoute(<Register />, '/register');
    await screen.findByText('运维人员', undefined, { timeout: 10_000 });
    await pickHaidian();
    fillAll();
    fireEvent.click(screen.getByText('提交申请').closest('button')!);
    expect(await screen.findByText('申请已提交')).toBeTruthy();
    expect(last('/api/register', 'POST')?.body).toEqual({
      username: 'wang_m',
      password: 'abc123',
      name: '王运维',
      phone: '13512345678',
      areaId: '110108',
      applyType: 2,
      roleId: 31,
      company: '某运维公司',
    });
    expect(screen.getByText('返回登录')).toBeTruthy();
  });

  it("shows the server's refusal on the form", async () => {
    refusal = '参数 password：密码需同时包含字母和数字';
    renderRoute(<Register />, '/register');
    fireEvent.click((await screen.findByText('平台账号（监管人员）', undefined, { timeout: 10_000 })).closest('label')!);
    await pickHaidian();
    fillAll();
    fireEvent.click(screen.getByText('提交申请').closest('button')!);
    expect(await within(await screen.findByRole('alert')).findByText(refusal)).toBeTruthy();
    expect(last('/api/register', 'POST')?.body).toMatchObject({ applyType: 1, areaId: '110108' });
    expect(last('/api/register', 'POST')?.body).not.toHaveProperty('roleId');
  });
});
