/**
 * What the 企业管理 browser test (company.e2e.ts) builds outside the browser, through the server's
 * public APIs only: another enterprise whose calls the sync-log filters must leave out, a site for a
 * dispatch, the spreadsheet of bikes with good and bad rows the admin imports, the open-API calls of
 * the enterprise (filing with a refused item, the sites fetched, a dispatch with a refused item) and
 * a ride through the open API with positions during the ride, returned outside every site with a fee.
 * Also reads back the .xlsx files the screens download.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Console, HD, type Envelope, openApi, operatorToken } from './homeWorld';

export { Console, HD, operatorToken };

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A site in 海淀 far from where the ride goes, so the ride is returned outside every site. */
export const SITE = { siteId: '1101089900201', siteName: '海淀企业链测试站', siteLon: 116.28, siteLat: 39.96, siteBikeCeiling: 10, areaId: HD };

/** The other enterprise: its calls are in the logs, and a filter by the enterprise under test hides them. */
export const OTHER = { name: '青桔单车', account: 'qingju_world', password: 'Qingju2024x', bikes: ['QJW0001', 'QJW0002'] };

/** An enterprise, the site and the other enterprise's filing, as the admin through the console API. */
export async function buildCompanyWorld(base: string, adminPassword: string): Promise<Console> {
  const admin = await Console.login(base, 'admin', adminPassword);
  await admin.call('POST', '/site/', { selfAreaId: '000000' }, { ...SITE, length: 20 });
  await admin.call(
    'POST',
    '/company/createEnterprise',
    {},
    {
      brandName: OTHER.name,
      brandOperation: '北京青桔科技有限公司',
      brandAccount: OTHER.account,
      brandPassword: OTHER.password,
      launchArea: [HD],
      operationAreaId: HD,
    },
  );
  const token = await operatorToken(base, OTHER.account, OTHER.password);
  await openApi(
    base,
    token,
    'POST',
    '/bikes',
    OTHER.bikes.map((bikeId) => ({ bikeId, bikeType: 0 })),
  );
  return admin;
}

/** An open-API call whose answer is returned whatever it is (rejected items included). */
export async function openCall(base: string, token: string, method: 'GET' | 'POST', path: string, items?: unknown[]) {
  const res = await fetch(`${base}/api/open/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(items ? { 'content-type': 'application/json' } : {}) },
    body: items ? JSON.stringify({ items }) : undefined,
  });
  const body = (await res.json()) as Envelope<{ accepted: number; rejected: { index: number; id?: string; reason: string }[] }>;
  return { status: res.status, ...body };
}

/** The enterprise's first calls: filing (one item refused), the sites of its area, a dispatch (one refused). */
export const API_BIKES = ['XLE2E001', 'XLE2E002', 'XLE2E003'];
export const API_REFUSED = { id: 'XLE2E004', reason: 'bikeType 只能是 0、1' };
export const DISPATCH_REFUSED = { id: 'XL-D-2', reason: '站点 1101089999999 不存在' };

export async function firstCalls(base: string, token: string) {
  const filed = await openCall(base, token, 'POST', '/bikes', [
    ...API_BIKES.map((bikeId) => ({ bikeId, bikeType: 0 })),
    { bikeId: API_REFUSED.id, bikeType: 3 },
  ]);
  const sites = await openCall(base, token, 'GET', '/sites');
  const at = new Date(Date.now() - 40 * 60_000).toISOString();
  const dispatched = await openCall(base, token, 'POST', '/dispatch', [
    { dispatchId: 'XL-D-1', bikeId: API_BIKES[1], action: 'up', siteId: SITE.siteId, at },
    { dispatchId: DISPATCH_REFUSED.id, bikeId: API_BIKES[2], action: 'up', siteId: '1101089999999', at },
  ]);
  return { filed, sites, dispatched };
}

/** The spreadsheet the admin imports for the enterprise: three good rows, three bad ones with their reasons. */
export function filingRows(prefix: string) {
  const id = (n: number) => `${prefix}${String(n).padStart(4, '0')}`;
  return {
    rows: [
      ['车辆编号', '车辆类型', '车架号', 'IMEI', '车牌号', '蓝牙MAC'],
      [id(1), '自行车', 'F0001', '860000000000001', '', 'AA:BB:CC:00:00:01'],
      [id(2), '电动车', 'F0002', '860000000000002', '京A00002', ''],
      [id(3), '三轮车', '', '', '', ''],
      ['', '自行车', 'F0004', '', '', ''],
      [id(1), '自行车', '', '', '', ''],
      [id(6), 1, '', '', '', ''],
    ] as (string | number)[][],
    accepted: [id(1), id(2), id(6)],
    /** sheet row number, bike id and reason of each refused row */
    refused: [
      [4, id(3), '车辆类型（bikeType）只能是 0、1'],
      [5, null, '缺少 车辆编号（bikeId）'],
      [6, id(1), `车辆编号 ${id(1)} 与第 2 行重复：同一车辆只备案一次`],
    ] as [number, string | null, string][],
  };
}

export async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('车辆');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the first sheet of a downloaded .xlsx. */
export async function readSheet(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

/** The ride's positions reported during it (minutes ago, lon, lat); rented 30 and returned 10 minutes ago. */
export const RIDE_POSITIONS = [
  [26, 116.3125, 39.9812],
  [22, 116.3151, 39.9808],
  [18, 116.3178, 39.9821],
  [14, 116.3204, 39.9815],
] as const;
export const RIDE_FEE = 650;

/**
 * One ride through the open API: rented, four positions reported while riding, returned outside
 * every site with a fee of 6.50 元 and the rider's phone. Five calls: two 租还 (request) and four
 * 车辆状态 (bike) sync-log entries.
 */
export async function rideOutsideWithFee(base: string, token: string, orderId: string, bikeId: string) {
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  await openApi(base, token, 'POST', '/orders', [{ orderId, bikeId, event: 'rent', at: at(30), lon: 116.3105, lat: 39.9805 }]);
  for (const [k, lon, lat] of RIDE_POSITIONS) {
    await openApi(base, token, 'POST', '/bikes/status', [{ bikeId, status: 2, lon, lat, reportedAt: at(k) }]);
  }
  await openApi(base, token, 'POST', '/orders', [
    { orderId, bikeId, event: 'return', at: at(10), lon: 116.3231, lat: 39.9829, fee: RIDE_FEE, userPhone: '13800138000' },
  ]);
}
