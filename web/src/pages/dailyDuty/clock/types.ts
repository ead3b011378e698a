/** Types of 日常值守 · 打卡 (/api/clock, /api/clockRecord), taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../../api/types';

/** Filter names of a list call: its query parameters, paging aside. */
type KeysOf<Q> = Exclude<keyof Q & string, 'currentPage' | 'pageSize'>;

/** A clock site: a point with a radius, usually at a site (GET /api/clock/getClockSiteList). */
export type ClockSite = Item<Data<'/api/clock/getClockSiteList'>['lists']>;
export type ClockSiteKey = KeysOf<Query<'/api/clock/getClockSiteList'>>;
export type ClockSiteBody = Body<'/api/clock/saveClockSiteInfo'>;

/** A site of the area (a clock site's site, and the picker's orientation) (GET /api/site/rail). */
export type AreaSite = Item<Data<'/api/site/rail'>>;

/** Who clocks when: a role of an area (one enterprise, or all), its days and windows (GET /api/clockRecord/getClockConfigList). */
export type ClockConfig = Item<Data<'/api/clockRecord/getClockConfigList'>['lists']>;
export type ClockConfigKey = KeysOf<Query<'/api/clockRecord/getClockConfigList'>>;
export type ClockConfigBody = Body<'/api/clockRecord/saveClockConfigInfo'>;
export type ClockWindow = ClockConfig['windows'][number];

/** One clock-in (GET /api/clockRecord/getUserClockRecordList). */
export type ClockRecord = Item<Data<'/api/clockRecord/getUserClockRecordList'>['lists']>;
export type ClockRecordKey = KeysOf<Query<'/api/clockRecord/getUserClockRecordList'>>;

/** One person's day (GET /api/clockRecord/getClockStatisticsDayList). */
export type ClockDay = Item<Data<'/api/clockRecord/getClockStatisticsDayList'>['lists']>;
export type ClockDayKey = KeysOf<Query<'/api/clockRecord/getClockStatisticsDayList'>>;

/** A maintainer warning (维护预警): 缺卡, 迟到 or 范围外 (GET /api/clockRecord/getClockWarnList). */
export type ClockWarn = Item<Data<'/api/clockRecord/getClockWarnList'>['lists']>;
export type ClockWarnKey = KeysOf<Query<'/api/clockRecord/getClockWarnList'>>;
