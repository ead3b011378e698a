// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import MiBicycle from '../index';
import type { NotUploaded, Rule } from './types';

const WAIT = { timeout: 60_000 };

const RULE: Rule = {
  id: 4,
  kind: 2,
  brandId: 3,
  brandName: '青桔',
  namePrefix: 'E0B6F50',
  nameLength: 12,
  bikeIdPrefix: 'QJ000',
  bikeIdLength: 10,
  bikeIdExtractStart: 7,
  bikeIdExtractLength: 5,
  updateTime: '2026-11-28 08:00:00',
};
const BIKE: NotUploaded = {
  id: 1,
  brandId: 3,
  brandName: '青桔',
  bikeId: 'QJ00000123',
  mac: 'E0:B6:F5:00:01:23',
  name: 'QJBLE_00000123',
  equipmentMac: 'A4:C1:38:00:00:01',
  siteId: '1101080001',
  siteName: '五道口地铁站A口',
  areaId: '110108',
  areaName: '海淀区',
  firstHeardTime: '2026-11-28 07:00:00',
  lastHeardTime: '2026-11-28 09:00:00',
  count: 3,
};
const PREVIEW = {
  heard: 120,
  matched: 2,
  notUploaded: 1,
  lists: [
    { mac: 'E0:B6:F5:00:01:23', name: null, bikeId: 'QJ00000123', siteId: 's1', siteName: '五道口', heardTime: '2026-11-28 09:00:00', reported: false },
    { mac: 'E0:B6:F5:00:01:24', name: null, bikeId: 'QJ00000124', siteId: 's1', siteName: '五道口', heardTime: '2026-11-28 09:00:00', reported: true },
  ],
};

const renderMi = (entry: string) => renderRoute(<MiBicycle />, '/miBicycle/:id?', [], entry).router;
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path, method) => {
    if (path === '/api/miApp/brandBikeNotUploadMacRule' && method === 'GET') return ok({ lists: [RULE], total: 1 });
    if (path === '/api/miApp/brandBikeNotUploadRule' && method === 'GET') return ok({ lists: [], total: 0 });
    if (path === '/api/miApp/brandBikeNotUploadMacRule/preview') return ok(PREVIEW);
    if (path === '/api/miApp/brandBikeNotUploadMacRule') return ok({ id: 5 }, 200, 'MAC 规则已保存');
    if (path.startsWith('/api/miApp/brandBikeNotUploadMacRule/')) return ok(null);
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 3, brandName: '青桔' }], total: 1 });
    if (path === '/api/miApp/bikeNotUploadMac' && method === 'GET')
      return ok({ lists: [BIKE], total: 1, brands: [{ brandId: 3, brandName: '青桔', count: 1 }] });
    if (path === '/api/miApp/bikeNotUploadMac' && method === 'DELETE') return ok({ deleted: 1 });
    if (path === '/api/miApp/bikeNotUploadMacMatch') return ok({ heard: 120, matched: 2, notUploaded: 1 });
    return undefined;
  });
  logIn({ permissions: ['home', 'miBicycle', 'miBicycle.edit'] });
});
afterEach(() => vi.restoreAllMocks());

describe('#/miBicycle/notUploadRule', () => {
  it('lists the MAC rules by default; a new rule is previewed before it is saved', WAIT, async () => {
    renderMi('/miBicycle/notUploadRule');
    await screen.findByText('E0B6F50', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新增匹配规则/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(within(dialog).getByLabelText('MAC前缀'), { target: { value: 'E0B6F50' } });
    fireEvent.change(within(dialog).getByLabelText('MAC长度'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('提取起始位置'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText('提取长度'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('车辆编号前缀'), { target: { value: 'QJ000' } });
    fireEvent.change(within(dialog).getByLabelText('车辆编号长度'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /预\s*览/ }));
    await within(dialog).findByText('听到 120 台设备，规则匹配 2 辆，其中企业未上报 1 辆', {}, WAIT);
    within(dialog).getByText('QJ00000123');
    expect(fetched.last('/api/miApp/brandBikeNotUploadMacRule/preview', 'POST')?.body).toMatchObject({
      brandId: 3,
      namePrefix: 'E0B6F50',
      bikeIdExtractStart: 7,
    });
    expect(fetched.last('/api/miApp/brandBikeNotUploadMacRule', 'POST')).toBeUndefined(); // nothing saved yet
    save(dialog);
    await waitFor(
      () =>
        expect(fetched.last('/api/miApp/brandBikeNotUploadMacRule', 'POST')?.body).toEqual({
          brandId: 3,
          namePrefix: 'E0B6F50',
          nameLength: 12,
          bikeIdPrefix: 'QJ000',
          bikeIdLength: 10,
          bikeIdExtractStart: 7,
          bikeIdExtractLength: 5,
        }),
      WAIT,
    );
  });

  it('reads the BLE-name rules when the type says so', WAIT, async () => {
    renderMi('/miBicycle/notUploadRule?kind=1');
    await waitFor(() => expect(fetched.last('/api/miApp/brandBikeNotUploadRule')).toBeDefined(), WAIT);
    expect(fetched.last('/api/miApp/brandBikeNotUploadRule')!.url.searchParams.get('kind')).toBeNull();
  });
});

describe('#/miBicycle/notUpload', () => {
  it('lists the bikes heard but not uploaded with the totals per enterprise; 立即匹配 and 清空 ask first', WAIT, async () => {
    renderMi('/miBicycle/notUpload');
    await screen.findByText('QJ00000123', {}, WAIT);
    expect(screen.getByTestId('nu-total-3').textContent).toBe('青桔 1 辆');
    fireEvent.click(screen.getByRole('button', { name: '立即匹配' }));
    const ask = await screen.findByRole('dialog', {}, WAIT);
    expect(ask.textContent).toMatch(/温馨提示.*确定要按MAC 规则立即匹配吗/);
    expect(fetched.last('/api/miApp/bikeNotUploadMacMatch', 'PUT')).toBeUndefined();
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/bikeNotUploadMacMatch', 'PUT')).toBeDefined(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    await waitFor(() => expect(screen.getAllByRole('dialog').some((d) => /确定要清空本区域按MAC 规则/.test(d.textContent ?? ''))).toBe(true), WAIT);
    const clear = screen.getAllByRole('dialog').find((d) => /确定要清空/.test(d.textContent ?? ''))!;
    fireEvent.click(within(clear).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/bikeNotUploadMac', 'DELETE')).toBeDefined(), WAIT);
  });

  it('shows no match or clear without 巡检与匹配规则 (107)', WAIT, async () => {
    logIn({ permissions: ['miBicycle'] });
    renderMi('/miBicycle/notUpload');
    await screen.findByText('QJ00000123', {}, WAIT);
    expect(screen.queryByRole('button', { name: '立即匹配' })).toBeNull();
  });
});
