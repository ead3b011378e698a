// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import RateGrade from './index';

const WAIT = { timeout: 30_000 };
const PHOTO = '/uploads/0123456789abcdef0123456789abcdef.jpg';
const rank = { brandId: 2, brandName: '哈啰', score: 86, grade: 'B', rank: 1, deducted: 14, previousScore: 90, change: -4, quota: 1000 };
const deduction = (id: number, kind: number, ruleId: number, ruleName: string, value: number | null, points: number, evidence: string | null) => ({
  id,
  brandId: 2,
  brandName: '哈啰',
  kind,
  ruleId,
  categoryId: 1,
  categoryName: '运维能力',
  ruleName,
  measure: kind === 1 ? 'offSiteReturn' : null,
  value,
  unit: kind === 1 ? '%' : '处',
  points,
  evidence,
  unmeasured: null,
});

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/examine/brand/sort') return ok({ areaId: '110108', period: '2026-09', closed: false, lists: [{ ...rank, suggestedQuota: 1000 }] });
    if (path === '/api/examine/brand/detail')
      return ok({
        ...rank,
        suggestedQuota: 1000,
        measures: {},
        assessedAt: '2026-10-01 02:05:00',
        period: '2026-09',
        closed: false,
        deductions: [
          deduction(1, 1, 3, '站外还车率', 12.5, 10, '/warn?brandId=2&type=1&startTime=2026-09-01&endTime=2026-09-30'),
          deduction(2, 2, 9, '运维人员配备不足', 2, 4, null),
        ],
      });
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
          note: '9 月 12 日检查，两个片区无运维人员',
          photos: [PHOTO],
          inspectorName: '王巡查',
          updateTime: '2026-09-20 10:00:00',
        },
      ]);
    return undefined;
  });
  logIn({ permissions: ['ratingEvaluation'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('考核详情', () => {
  it('links a measured deduction to its list, and shows a hand-scored one’s findings with their photos', WAIT, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
    renderRoute(<RateGrade />, '/ratingEvaluation/rate/grade', [], '/ratingEvaluation/rate/grade?period=2026-09&brandId=2');
    const measured = (await screen.findByText('站外还车率', {}, WAIT)).closest('tr')!;
    expect(within(measured).getByRole('link', { name: '查看证据' }).getAttribute('href')).toBe(
      '/warn?brandId=2&type=1&startTime=2026-09-01&endTime=2026-09-30',
    );
    const fixed = screen.getByText('运维人员配备不足').closest('tr')!;
    await within(fixed).findByText(/两个片区无运维人员（王巡查，2026-09-20 10:00:00）/, {}, WAIT);
    await waitFor(() => expect(within(fixed).getByAltText('运维人员配备不足 现场照片 1').getAttribute('src')).toBe('blob:photo'), WAIT);
    const asked = fetched.last('/api/examine/sortContent/list')!.url.searchParams;
    expect([asked.get('period'), asked.get('brandId')]).toEqual(['2026-09', '2']);
  });
});
