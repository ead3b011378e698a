/** The 打卡 tabs' tests: #/dailyDuty rendered at a tab, the rows their calls answer, a stand-in map. */
import { within } from '@testing-library/react';
import type { DeskMapProps } from '../../../components/deskMap/types';
import { renderRoute } from '../../../test/renderRoute';
import DailyDuty from '../index';
import type { ClockConfig, ClockDay, ClockRecord, ClockSite, ClockWarn } from './types';

export const WAIT = { timeout: 60_000 };
export const SLOW = { timeout: 120_000 };

/** #/dailyDuty at `entry` (its tab and filters). */
export const renderDuty = (entry: string) => renderRoute(<DailyDuty />, '/dailyDuty/:id?', [], entry).router;

/** Leaflet does not run in jsdom: a stand-in map with the same props (a click on it, what it draws). */
export function FakeMap(p: DeskMapProps) {
  return (
    <div data-testid="fake-map">
      {p.onPoint && (
        <button type="button" onClick={() => p.onPoint?.({ lon: 116.315, lat: 39.985 })}>
          点地图
        </button>
      )}
      {p.circles?.map((c) => (
        <button key={c.id} type="button" onClick={() => p.onCircle?.(c.id)}>{`圆点 ${c.id}`}</button>
      ))}
      <output data-testid="map-state">
        {JSON.stringify({ point: p.point ?? null, radius: p.radius ?? null, circles: p.circles?.map((c) => [c.id, c.metres ?? null, !!c.selected]) ?? [] })}
      </output>
    </div>
  );
}

/** What the stand-in map (the first in `root`) was last given. */
export const mapState = (root: HTMLElement = document.body) => JSON.parse(within(root).getAllByTestId('map-state')[0].textContent!);

export const BRANDS = {
  lists: [
    { brandId: 1, brandName: '美团' },
    { brandId: 2, brandName: '哈啰' },
  ],
  total: 2,
};

export const SITE: ClockSite = {
  id: 7,
  name: '中关村打卡点',
  areaId: '110108',
  areaName: '海淀区',
  brandId: 1,
  brandName: '美团',
  siteId: '1101080000001',
  siteName: '中关村站',
  lon: 116.31,
  lat: 39.98,
  radius: 100,
  createTime: '2026-11-20 09:00:00',
};
export const OTHER_SITE: ClockSite = {
  ...SITE,
  id: 8,
  name: '五道口打卡点',
  brandId: null,
  brandName: null,
  siteId: null,
  siteName: null,
  lon: 116.33,
  lat: 39.99,
  radius: 150,
};

export const CONFIG: ClockConfig = {
  id: 3,
  name: '运维人员工作日打卡',
  areaId: '110108',
  areaName: '海淀区',
  brandId: null,
  brandName: null,
  roleId: 31,
  roleName: '运维人员',
  days: [1, 2, 3, 4, 5],
  windows: [
    { start: '07:00', end: '09:00' },
    { start: '17:00', end: '19:00' },
  ],
  clocksPerWindow: 1,
  radius: null,
  lateMinutes: 60,
  enabled: true,
};

export const RECORD: ClockRecord = {
  id: 501,
  userId: 41,
  userName: '张运维',
  brandName: '美团',
  roleName: '运维人员',
  clockSiteId: 7,
  clockSiteName: '中关村打卡点',
  clockTime: '2026-11-27 07:12:00',
  window: '07:00-09:00',
  result: 1,
  resultName: '正常',
  distance: 35,
  radius: 100,
  lon: 116.3102,
  lat: 39.9801,
  photos: ['/uploads/clock/a.jpg'],
};
export const FAR: ClockRecord = {
  ...RECORD,
  id: 502,
  userName: '李运维',
  clockTime: '2026-11-27 17:40:00',
  window: '17:00-19:00',
  result: 3,
  resultName: '范围外',
  distance: 350.4,
  photos: [],
};

export const DAY: ClockDay = {
  day: '2026-11-27',
  userId: 41,
  userName: '张运维',
  brandName: '美团',
  roleName: '运维人员',
  required: 2,
  done: 2,
  late: 0,
  missing: 0,
  outOfRange: 0,
};
export const BAD_DAY: ClockDay = { ...DAY, userId: 42, userName: '李运维', done: 0, missing: 2, outOfRange: 1 };

export const WARN: ClockWarn = {
  id: 901,
  userId: 42,
  userName: '李运维',
  brandName: '美团',
  roleName: '运维人员',
  day: '2026-11-27',
  window: '07:00-09:00',
  kind: 1,
  kindName: '缺卡',
  clockTime: null,
  distance: null,
  createTime: '2026-11-27 10:00:00',
  handled: false,
  handlerName: null,
  handleTime: null,
  note: null,
};
export const LATE: ClockWarn = { ...WARN, id: 902, userName: '王运维', kind: 2, kindName: '迟到', clockTime: '2026-11-27 09:20:00', distance: 20 };
export const DONE: ClockWarn = {
  ...WARN,
  id: 903,
  userName: '赵运维',
  kind: 3,
  kindName: '范围外',
  clockTime: '2026-11-26 17:30:00',
  distance: 420,
  day: '2026-11-26',
  handled: true,
  handlerName: '海淀值守',
  handleTime: '2026-11-26 18:00:00',
  note: '已核实，道路施工绕行',
};
