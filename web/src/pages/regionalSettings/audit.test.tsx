// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEIJING, renderPage, SLOW, WAIT } from './testKit';
import { ok, stubFetch } from '../../test/stubFetch';
import { logIn } from '../../test/session';

afterEach(() => vi.restoreAllMocks());

describe('#/regionalSettings/audit', () => {
  it('lists the platform-account applications of the area (系统设置 账号审核 pinned to applyType 1)', SLOW, async () => {
    const fetched = stubFetch((path) => {
      if (path === '/api/user/audit_list') return ok({ lists: [], total: 0 });
      if (path === '/api/role/applicable') return ok([]);
      return undefined;
    });
    logIn({ ...BEIJING, permissions: ['area.manage', 'user.audit'] });
    renderPage('/regionalSettings/audit');
    await waitFor(() => expect(fetched.last('/api/user/audit_list')).toBeTruthy(), WAIT);
    expect(fetched.last('/api/user/audit_list')!.url.searchParams.get('applyType')).toBe('1');
    expect((await screen.findAllByText('暂无数据', {}, WAIT)).length).toBeGreaterThan(0);
  });

  it('has no 平台账号审核 tab without user.audit', SLOW, async () => {
    stubFetch(() => undefined);
    logIn({ ...BEIJING, permissions: ['area.manage'] });
    renderPage('/regionalSettings/area');
    await screen.findByText('运营区域', {}, WAIT);
    expect(screen.queryByText('平台账号审核')).toBeNull();
  });
});
