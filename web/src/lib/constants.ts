/** Business constants of spec §9 in one place. */

/** 请求超时（毫秒） */
export const REQUEST_TIMEOUT_MS = 60_000;
/** 页面脚本分块加载超时（毫秒） */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE = {
  /** default table: page 1, size 10 */
  defaultPage: 1,
  defaultSize: 10,
  /** generic table */
  genericSize: 20,
  genericSizeOptions: [10, 20, 50],
  /** standard dialog table */
  dialogSize: 10,
  /** history list */
  historySize: 100,
  historySizeOptions: [100, 200, 500],
  /** pagination layout: total, sizes, prev, pager, next, jumper */
  layout: ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'] as const,
} as const;

/** Refresh intervals in milliseconds. */
export const REFRESH_MS = {
  mapAndRing: 180_000,
  /** a map call that failed asks again after this long instead of waiting for the next poll */
  mapRetry: 15_000,
  dispatchGuide: 160_000,
  rentalStats: 150_000,
  warningBoard: 120_000,
  siteRanking: 120_000,
  dashboardDelay: 1_000,
} as const;
// Spec §9's other two timings are met otherwise, so they have no constant here:
// - "home reload every 180 seconds of clock ticks": every home query polls at its own §9 interval
//   (usePolling: init, map and ring, to-do every 180 s, dispatch 160 s, rentals 150 s, board and
//   ranking 120 s), so nothing of the screen waits for a whole reload;
// - "charts refresh about 1 s after load" (for charts drawn before their box had its size): each
//   chart resizes itself whenever its box changes (EChartCore's ResizeObserver), at load and after.

export const WARNING_BOARD = {
  size: 10,
  types: [1, 4, 6, 7, 13, 14],
  /** today minus this many days to the end of today */
  daysBack: 2,
} as const;

export const LIMITS = {
  brandList: 10,
  /** messages are cut to `messagesCut` when there are more than `messagesOver` */
  messagesCut: 10,
  messagesOver: 5,
  siteRankRows: 500,
  siteRankVisible: 5,
  /** year selector: current year and this many prior */
  priorYears: 4,
  lowPowerPercent: 10,
} as const;

/** The full-pile value's defaults. A site's capacity and fill status are the server's (domain/siteStatus.ts): one rule, read from the API. */
export const FILL = {
  /** the thresholds as the legend explains them */
  few: 0.2,
  many: 0.8,
  full: 1,
  defaultFullPileNum: 1,
  defaultFullPileName: '满桩值',
} as const;

export const MAP = {
  center: { lon: 116.397428, lat: 39.90923 },
  defaultSiteSize: 50,
  siteSizes: [0, 200, 50],
  /** zoom per site-count choice */
  zoomBySize: { 50: 16, 0: 14, 200: 15 } as Record<number, number>,
  selectedSiteZoom: 18,
  fenceMinZoom: 17,
  markerSizes: { large: [56, 76], small: [34, 48], medium: [46, 58] },
} as const;

export const FORMAT = {
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  date: 'YYYY-MM-DD',
} as const;

export const EARTH_RADIUS_KM = 6378.137;
export const HEAT_MAX = 17;
export const ROOT_FONT = { base: 16, designWidth: 1920, maxFactor: 2 } as const;
