// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import MiBicycle from '../index';
import type { Inspection, InspectionDay } from './types';

const WAIT = { timeout: 60_000 };

const record = (id: number, over: Partial<Inspection>): Inspection => ({
  id,
  userId: 9,
  miUserName: '巡检甲',
  areaId: '110108',
  areaName: '海淀区',
  bikeId: 'MT0001',
  bikeMac: null,
  brandId: 2,
  brandName: '美团',
  siteId: '1101080000001',
  siteName: '中关村站',
  result: 1,
  resultName: '正常',
  note: null,
  lon: 116.31,
  lat: 39.98,
  inspectionTime: '2026-11-28 08:10:00',
  photos: [],
  ...over,
});
const ROWS = [
  record(2, { bikeId: null, bikeMac: 'AA:BB:CC:DD:EE:01', brandId: null, brandName: null, result: 4, resultName: '非法车辆', note: '未备案车辆' }),
  record(1, { photos: ['/uploads/p1.jpg'] }),
];
const DAYS: InspectionDay[] = [{ day: '2026-11-28', userId: 9, miUserName: '巡检甲', total: 2, normal: 1, parking: 0, fault: 0, illegal: 1 }];
const XLSX = (name: string) =>
  new Response('xlsx', {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

const renderMi = (entry: string) => renderRoute(<MiBicycle />, '/miBicycle/:id?', [], entry).router;

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/miApp/getMiInspectionRecordsList') return ok({ lists: ROWS, total: 2 });
    if (path === '/api/miApp/getSumMiInspectionRecordsData') return ok({ lists: DAYS, total: 1 });
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 2, brandName: '美团' }], total: 1 });
    if (path === '/api/miApp/exportInspectionLogStatistics') return XLSX('巡检记录.xlsx');
    if (path === '/api/miApp/exportCheckList') return XLSX('巡检清单.xlsx');
    if (path === '/api/miApp/exportInspectionStatistics') return XLSX('巡检统计.xlsx');
    return undefined;
  });
  logIn({ permissions: ['miBicycle'] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
/** The toolbar's 导出 (not 导出巡检清单). */
const exportButton = () => screen.getAllByRole('button').find((b) => /^导\s*出$/.test(b.textContent?.trim() ?? ''))!;

describe('#/miBicycle/inspection', () => {
  it('lists the patrols with bike, enterprise, site, result and photo; the URL’s filters go to the call', WAIT, async () => {
    renderMi('/miBicycle/inspection?result=4&miUserName=甲&startTime=2026-11-01&endTime=2026-11-28');
    await screen.findByText('未备案车辆', {}, WAIT);
    const q = fetched.last('/api/miApp/getMiInspectionRecordsList')!.url.searchParams;
    expect(q.get('result')).toBe('4');
    expect(q.get('miUserName')).toBe('甲');
    expect(q.get('startTime')).toBe('2026-11-01');
    const illegal = screen.getByText('未备案车辆').closest('tr')!;
    for (const text of ['AA:BB:CC:DD:EE:01', '未备案', '中关村站', '116.310000, 39.980000']) expect(illegal.textContent).toContain(text);
    expect(within(illegal).getByText('非法车辆').className).toContain('ant-tag-purple');
    const normal = screen.getByText('MT0001').closest('tr')!;
    await waitFor(
      () =>
        expect(
          within(normal)
            .getByAltText(/巡检照片/)
            .getAttribute('src'),
        ).toBe('blob:photo'),
      WAIT,
    );
  });

  it('exports the records and the check list with the filters', WAIT, async () => {
    renderMi('/miBicycle/inspection?result=4');
    await screen.findByText('未备案车辆', {}, WAIT);
    fireEvent.click(exportButton());
    await waitFor(() => expect(fetched.last('/api/miApp/exportInspectionLogStatistics')?.url.searchParams.get('result')).toBe('4'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导出巡检清单/ }));
    await waitFor(() => expect(fetched.last('/api/miApp/exportCheckList', 'POST')?.body).toEqual({ result: '4' }), WAIT);
  });
});

describe('#/miBicycle/inspectionStats', () => {
  it('shows each inspector’s day with the count per result and exports it', WAIT, async () => {
    renderMi('/miBicycle/inspectionStats?miUserName=甲');
    await screen.findByText('2026-11-28', {}, WAIT);
    const row = screen.getByText('2026-11-28').closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-11-28', '巡检甲', '2', '1', '0', '0', '1']);
    expect(fetched.last('/api/miApp/getSumMiInspectionRecordsData')!.url.searchParams.get('miUserName')).toBe('甲');
    fireEvent.click(exportButton());
    await waitFor(() => expect(fetched.last('/api/miApp/exportInspectionStatistics')?.url.searchParams.get('miUserName')).toBe('甲'), WAIT);
  });
});
