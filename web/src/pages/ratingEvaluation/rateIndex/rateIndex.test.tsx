// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import RateIndex from './index';

const WAIT = { timeout: 30_000 };
const PHOTO = '/uploads/0123456789abcdef0123456789abcdef.jpg';
const PHOTO2 = '/uploads/fedcba9876543210fedcba9876543210.png';
const MEASURES = {
  dataAccess: 95,
  overQuota: 0,
  offSiteReturn: 10,
  orderInTime: 50,
  orderMedian: 50,
  notAllowedParking: 2,
  faultyOpen: 1,
  illegalBikes: 0,
  notUploaded: null,
};
const row = (brandId: number, brandName: string, score: number, grade: string, rank: number) => ({
  brandId,
  brandName,
  score,
  grade,
  rank,
  deducted: 100 - score,
  previousScore: null,
  change: null,
  quota: 1000,
  suggestedQuota: grade === 'C' ? 900 : 1000,
  measures: MEASURES,
  assessedAt: '2026-10-01 00:05:00',
});

let closed = false;
let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  closed = false;
  fetched = stubFetch((path, method) => {
    if (path === '/api/examine/brand/sort')
      return ok({ areaId: '110108', period: '2026-09', closed, lists: [row(1, '美团', 85, 'B', 1), row(2, '哈啰', 72, 'C', 2)] });
    if (path === '/api/examine/period/info')
      return ok({ period: '2026-09', closed, log: closed ? [{ action: 'close', reason: null, userName: '李监管', time: '2026-10-02 09:00:00' }] : [] });
    if (path === '/api/examine/sortContent/list')
      return ok([
        {
          id: 5,
          brandId: 2,
          brandName: '哈啰',
          ruleId: 9,
          ruleName: '运维人员配备不足',
          categoryName: '运维能力',
          findings: 2,
          points: 4,
          note: '两个片区无运维人员',
          photos: [PHOTO, PHOTO2],
          inspectorName: '王巡查',
          updateTime: '2026-09-20 10:00:00',
        },
      ]);
    if (path === '/api/examine/brand/out' || path === '/api/examine/exportSysExamineList')
      return new Response('xlsx', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="r.xlsx"',
        },
      });
    if (path === '/api/examine/sortContent/upsert' && method === 'POST') return ok({ id: 5 }, 200, '人工评分已保存');
    if (path === '/api/examine/fixedRule/info')
      return ok({ rules: [{ id: 9, name: '运维人员配备不足', points: 2, maxPoints: 10, enabled: true, categoryId: 1, description: null }] });
    if (path === '/api/statistics/areaBrandDetails') return ok({ lists: [{ brandId: 2, brandName: '哈啰' }] });
    if (path === '/api/examine/period/close' && method === 'POST') {
      closed = true;
      return ok(null, 200, '考核周期 2026-09 已关闭');
    }
    if (path === '/api/examine/period/reopen' && method === 'POST') {
      closed = false;
      return ok(null);
    }
    return undefined;
  });
  logIn({ permissions: ['ratingEvaluation', 'rating.edit'] });
});
afterEach(() => vi.restoreAllMocks());

const renderIndex = () => renderRoute(<RateIndex />, '/ratingEvaluation/rate/index', [], '/ratingEvaluation/rate/index?period=2026-09');

describe('企业考核', () => {
  it('ranks the month’s enterprises with grade and quota suggestion, and lists the hand scores', WAIT, async () => {
    renderIndex();
    const mt = (await screen.findByRole('link', { name: '美团' }, WAIT)).closest('tr')!;
    expect(mt.textContent).toContain('B 级');
    expect(screen.getByRole('link', { name: '哈啰' }).closest('tr')!.textContent).toContain('900（-100）');
    expect(within(mt).getByRole('link', { name: '详情' }).getAttribute('href')).toBe('/ratingEvaluation/rate/grade?period=2026-09&brandId=1');
    const score = (await screen.findByText('两个片区无运维人员', {}, WAIT)).closest('tr')!;
    expect(score.textContent).toContain('运维人员配备不足');
    expect(fetched.last('/api/examine/brand/sort')!.url.searchParams.get('period')).toBe('2026-09');
    // the two exports, with the month
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole('button', { name: /导出排名/ }));
    await waitFor(() => expect(fetched.last('/api/examine/brand/out')!.url.searchParams.get('period')).toBe('2026-09'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /导出考核明细/ }));
    await waitFor(() => expect(fetched.last('/api/examine/exportSysExamineList', 'POST')!.url.searchParams.get('period')).toBe('2026-09'), WAIT);
  });

  it('closes the month, then re-opens it only with a reason', WAIT, async () => {
    renderIndex();
    await screen.findByRole('link', { name: '美团' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '关闭周期' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
    await waitFor(() => expect(fetched.last('/api/examine/period/close', 'POST')!.body).toMatchObject({ period: '2026-09' }), WAIT);
    await screen.findByText('本周期已关闭', {}, WAIT);
    expect(screen.getByRole('button', { name: /重新考核/ }).hasAttribute('disabled')).toBe(true);
    await screen.findByText(/李监管 关闭周期/, {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '重新开放' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const ok = within(dialog).getByRole('button', { name: '重新开放' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('重新开放的原因'), { target: { value: '企业申诉' } });
    fireEvent.click(ok);
    await waitFor(() => expect(fetched.last('/api/examine/period/reopen', 'POST')!.body).toMatchObject({ period: '2026-09', reason: '企业申诉' }), WAIT);
  });

  it('shows a finding’s photos through the session; 编辑 saves the photos kept', WAIT, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
    renderIndex();
    const score = (await screen.findByText('两个片区无运维人员', {}, WAIT)).closest('tr')!;
    await waitFor(() => expect(within(score).getByAltText('现场照片 1').getAttribute('src')).toBe('blob:photo'), WAIT);
    expect(within(score).getByAltText('现场照片 2')).toBeTruthy();
    fireEvent.click(within(score).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await waitFor(() => expect(within(dialog).getAllByAltText(/现场照片 \d/)).toHaveLength(2), WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: '移除现场照片 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));
    await waitFor(
      () =>
        expect(fetched.last('/api/examine/sortContent/upsert', 'POST')!.body).toMatchObject({
          id: 5,
          period: '2026-09',
          ruleId: 9,
          brandId: 2,
          photos: [PHOTO2],
        }),
      WAIT,
    );
  });
});
