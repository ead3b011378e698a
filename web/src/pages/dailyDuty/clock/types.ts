/**
 * Types of 日常值守 · 打卡 (/api/clock, /api/clockRecord), hand-typed from the contract of issue 28
 * until the server's routes are merged; then taken from the generated API document (web/src/api).
 */
import type { Filters } from '../../../components/desk';

/** A clock site: a point with a radius, usually at a site (GET /api/clock/getClockSiteList). */
export interface ClockSite {
  id: number;
  name: string;
  areaId: string;
  areaName: string;
  brandId: number | null;
  brandName: string | null;
  siteId: string | null;
  siteName: string | null;
  lon: number;
  lat: number;
  radius: number;
  createTime: string;
}
export type ClockSiteKey = 'brandId' | 'name' | 'selfAreaId';
export interface ClockSiteBody {
  id?: number;
  name: string;
  areaId: string;
  brandId?: number;
  siteId?: string;
  lon: number;
  lat: number;
  radius: number;
}

export interface ClockWindow {
  start: string;
  end: string;
}
/** Who clocks when: a role of an area (one enterprise, or all), its days and windows (GET /api/clockRecord/getClockConfigList). */
export interface ClockConfig {
  id: number;
  name: string;
  areaId: string;
  areaName: string;
  brandId: number | null;
  brandName: string | null;
  roleId: number;
  roleName: string;
  days: number[];
  windows: ClockWindow[];
  clocksPerWindow: number;
  radius: number | null;
  lateMinutes: number;
  enabled: boolean;
}
export type ClockConfigKey = 'clockRole' | 'selfAreaId';
export interface ClockConfigBody {
  id?: number;
  name: string;
  areaId: string;
  brandId?: number;
  roleId: number;
  days: number[];
  windows: ClockWindow[];
  clocksPerWindow: number;
  radius?: number;
  lateMinutes: number;
  enabled: boolean;
}

/** One clock-in (GET /api/clockRecord/getUserClockRecordList). */
export interface ClockRecord {
  id: number;
  userId: number;
  userName: string;
  brandName: string | null;
  roleName: string;
  clockSiteId: number;
  clockSiteName: string;
  clockTime: string;
  window: string | null;
  result: number;
  resultName: string;
  distance: number;
  radius: number;
  lon: number;
  lat: number;
  photos: string[];
}
export type ClockRecordKey = 'brandId' | 'clockRole' | 'userName' | 'clockSiteId' | 'result' | 'startTime' | 'endTime' | 'selfAreaId';

/** One person's day (GET /api/clockRecord/getClockStatisticsDayList). */
export interface ClockDay {
  day: string;
  userId: number;
  userName: string;
  brandName: string | null;
  roleName: string;
  required: number;
  done: number;
  late: number;
  missing: number;
  outOfRange: number;
}
export type ClockDayKey = 'brandId' | 'clockRole' | 'userName' | 'startTime' | 'endTime' | 'selfAreaId';

/** A maintainer warning (维护预警): 缺卡, 迟到 or 范围外 (GET /api/clockRecord/getClockWarnList). */
export interface ClockWarn {
  id: number;
  userId: number;
  userName: string;
  brandName: string | null;
  roleName: string;
  day: string;
  window: string;
  kind: number;
  kindName: string;
  clockTime: string | null;
  distance: number | null;
  createTime: string;
  handled: boolean;
  handlerName: string | null;
  handleTime: string | null;
  note: string | null;
}
export type ClockWarnKey = 'brandId' | 'clockRole' | 'clockWarn' | 'kind' | 'userName' | 'startTime' | 'endTime' | 'selfAreaId';

export type ClockFilters<K extends string> = Filters<K> & { currentPage: number; pageSize: number };
