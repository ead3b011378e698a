/** A small hand-made world for ingest tests: brands, sites, a gateway, written straight to the database. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { hashPassword } from '../../src/domain/password.js';
import type { LonLat } from '../../src/domain/polygon.js';

export async function addBrand(database: Database, b: { name: string; account: string; password?: string; areaId?: string }) {
  const [row] = await database.query<{ id: number }>(
    `insert into brands (brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
     values ($1, $2, $3, $4, $5) returning id`,
    [b.name, b.account, await hashPassword(b.password ?? 'Secret123'), b.areaId ?? '110108', JSON.stringify([b.areaId ?? '110108'])],
  );
  return row.id;
}

export async function addGateway(database: Database, g: { account: string; password?: string; areaId?: string }) {
  const [row] = await database.query<{ id: number }>(`insert into gateways (account, password_hash, name, area_id) values ($1, $2, $1, $3) returning id`, [
    g.account,
    await hashPassword(g.password ?? 'Secret123'),
    g.areaId ?? '110108',
  ]);
  return row.id;
}

export interface SiteSpec {
  id: string;
  areaId?: string;
  name?: string;
  lon: number;
  lat: number;
  ceiling: number;
  length?: number;
  gpsRail?: LonLat[] | null;
  brandPutSwitch?: boolean;
}

export async function addSite(database: Database, s: SiteSpec) {
  await database.query(
    `insert into sites (id, area_id, site_name, lon, lat, site_bike_ceiling, length, gps_rail, brand_put_switch)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      s.id,
      s.areaId ?? '110108',
      s.name ?? `站点${s.id}`,
      s.lon,
      s.lat,
      s.ceiling,
      s.length ?? 20,
      s.gpsRail ? JSON.stringify(s.gpsRail) : null,
      s.brandPutSwitch ?? true,
    ],
  );
}

/** Logs an operator in on the open API and posts batches with it. */
export class Operator {
  token = '';
  constructor(
    private readonly app: FastifyInstance,
    readonly account: string,
    private readonly password = 'Secret123',
  ) {}

  async login() {
    const r = await this.app.inject({ method: 'POST', url: '/api/open/v1/token', payload: { account: this.account, password: this.password } });
    if (r.statusCode !== 200) throw new Error(`token ${this.account}: ${r.body}`);
    this.token = r.json().data.token;
    return this;
  }

  async send(method: 'POST' | 'DELETE', path: string, items: unknown[]) {
    const r = await this.app.inject({
      method,
      url: `/api/open/v1${path}`,
      payload: { items },
      headers: { authorization: `Bearer ${this.token}` },
    });
    return {
      status: r.statusCode,
      body: r.json() as { code: number; message: string; data: { accepted: number; rejected: { index: number; id: string | null; reason: string }[] } },
    };
  }

  post(path: string, items: unknown[]) {
    return this.send('POST', path, items);
  }
}

/** Points at a distance north of a centre, in degrees of latitude per metre. */
export const north = (lat: number, metres: number) => lat + metres / 111_320;

/** A rectangle as an area's gps_rail (a closed ring of lon/lat points). */
export const box = (lon1: number, lat1: number, lon2: number, lat2: number) =>
  JSON.stringify([
    { lon: lon1, lat: lat1 },
    { lon: lon2, lat: lat1 },
    { lon: lon2, lat: lat2 },
    { lon: lon1, lat: lat2 },
    { lon: lon1, lat: lat1 },
  ]);

/**
 * Fences the two districts the ride tests use: 海淀 (110108) 116.29–116.33 × 39.97–39.99 and 朝阳
 * (110105) 116.43–116.47 × 39.90–39.94, and refreshes the app's geometry cache.
 */
export async function fenceTestDistricts(app: FastifyInstance, database: Database) {
  await database.query(`update areas set gps_rail = $1 where id = $2`, [box(116.29, 39.97, 116.33, 39.99), '110108']);
  await database.query(`update areas set gps_rail = $1 where id = $2`, [box(116.43, 39.9, 116.47, 39.94), '110105']);
  app.ctx.geo.invalidate();
}
