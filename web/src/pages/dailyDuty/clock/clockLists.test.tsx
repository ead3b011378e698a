// @vitest-environment jsdom
/** 打卡记录 and 打卡统计: rows from their calls, the filters of the URL and of the query form in the calls. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import { BAD_DAY, BRANDS, DAY, FAR, RECORD, SITE, WAIT, renderDuty } from './testKit';

let fetched: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetched = stubFetch((path) => {
    if (path === '/api/clockRecord/getUserClockRecordList') return ok({ lists: [RECORD, FAR], total: 2 });
    if (path === '/api/clockRecord/getClockStatisticsDayList') return ok({ lists: [DAY, BAD_DAY], total: 2 });
    if (path === '/api/clock/getClockSiteList') return ok({ lists: [SITE], total: 1 });
    if (path === '/api/statistics/areaBrandDetails') return ok(BRANDS);
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'clock.view'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const query = (path: string, keys: string[]) => {
  const q = fetched.last(path)!.url.searchParams;
  return Object.fromEntries(keys.map((k) => [k, q.get(k)]));
};
const form = () => document.querySelector('form[aria-label="查询条件"]') as HTMLElement;

describe('#/dailyDuty/clockRecord', () => {
  it('shows each clock with its result tag, distance against the radius (over it in red) and its photo through the session', WAIT, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
    renderDuty('/dailyDuty/clockRecord');
    await screen.findByText('张运维', {}, WAIT);
    const ok1 = rowOf('张运维');
    for (const text of ['美团', '运维人员', '中关村打卡点', '2026-11-27 07:12:00', '07:00-09:00', '35 米 / 100 米']) expect(ok1.textContent).toContain(text);
    expect(within(ok1).getByText('正常').className).toContain('ant-tag-green');
    expect(within(ok1).getByText(/35 米/).className).not.toContain('duty-overdue');
    const far = rowOf('李运维');
    expect(within(far).getByText('范围外').className).toContain('ant-tag-magenta');
    expect(within(far).getByText('350 米 / 100 米').className).toContain('duty-overdue');
    await waitFor(() => expect(within(ok1).getByAltText('张运维 打卡照片 1').getAttribute('src')).toBe('blob:photo'), WAIT);
    const photo = vi.mocked(fetch).mock.calls.find(([u]) => String(u).includes('/uploads/clock/a.jpg'))!;
    expect(new Headers(photo[1]?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('the URL’s filters go to the call; a name typed goes into the URL and the call', WAIT, async () => {
    const router = renderDuty('/dailyDuty/clockRecord?clockRole=1&result=3&brandId=1&clockSiteId=7&startTime=2026-11-01&endTime=2026-11-27');
    await screen.findByText('张运维', {}, WAIT);
    expect(query('/api/clockRecord/getUserClockRecordList', ['clockRole', 'result', 'brandId', 'clockSiteId', 'startTime', 'endTime'])).toEqual({
      clockRole: '1',
      result: '3',
      brandId: '1',
      clockSiteId: '7',
      startTime: '2026-11-01',
      endTime: '2026-11-27',
    });
    // the filters shown say what was asked: the clock site by its name
    await waitFor(() => expect(form().textContent).toContain('中关村打卡点'), WAIT);
    expect(form().textContent).toContain('运维人员');
    expect(form().textContent).toContain('范围外');
    fireEvent.change(form().querySelector('[id="userName"]')!, { target: { value: '李' } });
    fireEvent.click(form().querySelector('button[type="submit"]')!);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('userName')).toBe('李'), WAIT);
    await waitFor(() => expect(fetched.last('/api/clockRecord/getUserClockRecordList')!.url.searchParams.get('userName')).toBe('李'), WAIT);
    expect(fetched.last('/api/clockRecord/getUserClockRecordList')!.url.searchParams.get('result')).toBe('3');
  });
});

describe('#/dailyDuty/clockStats', () => {
  it('shows each person’s day, missing and out of range above 0 in red; the URL’s filters go to the call', WAIT, async () => {
    renderDuty('/dailyDuty/clockStats?clockRole=2&userName=李&startTime=2026-11-20&endTime=2026-11-27');
    await screen.findByText('李运维', {}, WAIT);
    expect(query('/api/clockRecord/getClockStatisticsDayList', ['clockRole', 'userName', 'startTime', 'endTime'])).toEqual({
      clockRole: '2',
      userName: '李',
      startTime: '2026-11-20',
      endTime: '2026-11-27',
    });
    const cells = (name: string) => [...rowOf(name).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells('张运维')).toEqual(['2026-11-27', '张运维', '美团', '运维人员', '2', '2', '0', '0', '0']);
    expect(cells('李运维')).toEqual(['2026-11-27', '李运维', '美团', '运维人员', '2', '0', '0', '2', '1']);
    const red = [...rowOf('李运维').querySelectorAll('.duty-overdue')].map((e) => e.textContent);
    expect(red).toEqual(['2', '1']);
    expect(rowOf('张运维').querySelector('.duty-overdue')).toBeNull();
  });
});
