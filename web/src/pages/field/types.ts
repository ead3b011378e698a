/** The field app's answers (the contract of issue 28; replaced by the generated types once the server is in). */

export interface ClockSite {
  id: number;
  name: string;
  lon: number;
  lat: number;
  radius: number;
  distance: number | null;
}

interface NearSite {
  siteId: string;
  siteName: string;
  lon: number;
  lat: number;
  distance: number | null;
}

interface Brand {
  brandId: number;
  brandName: string;
}

type WindowState = 'waiting' | 'open' | 'late' | 'done' | 'missed';

export interface ClockWindow {
  start: string;
  end: string;
  lateUntil: string;
  clocks: number;
  done: number;
  late: number;
  state: WindowState;
}

interface TodayClock {
  id: number;
  clockTime: string;
  clockSiteName: string;
  result: number;
  resultName: string;
  distance: number;
}

export interface Nearby {
  clockSites: ClockSite[];
  sites: NearSite[];
  brands: Brand[];
  today: { day: string; windows: ClockWindow[]; records: TodayClock[] };
}

export interface HistoryItem {
  kind: 'clock' | 'patrol' | 'install' | 'siteApply' | 'report';
  id: number;
  time: string;
  title: string;
  state: string;
}

export interface ClockAnswer {
  id: number;
  result: number;
  resultName: string;
  distance: number;
  radius: number;
  window: string | null;
  repeated: boolean;
}

export interface PatrolAnswer {
  id: number;
  bikeId: string | null;
  brandName: string | null;
  repeated: boolean;
}
