/** A synthetic city for benchmarks: N sites on a grid over 海淀, M bikes filed by one brand. */
import type { Database } from '../server/src/db/client.js';
import { hashPassword } from '../server/src/domain/password.js';

export const BOX = { minLon: 116.2, maxLon: 116.4, minLat: 39.9, maxLat: 40.1 };

export function siteGrid(count: number) {
  const side = Math.ceil(Math.sqrt(count));
  const dLon = (BOX.maxLon - BOX.minLon) / side;
  const dLat = (BOX.maxLat - BOX.minLat) / side;
  return Array.from({ length: count }, (_, i) => ({
    id: `110108${String(i + 1).padStart(7, '0')}`,
    lon: BOX.minLon + ((i % side) + 0.5) * dLon,
    lat: BOX.minLat + (Math.floor(i / side) + 0.5) * dLat,
    ceiling: 10 + (i % 50),
  }));
}

/** Seeded PRNG (mulberry32). */
export function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedWorld(database: Database, sites: number, bikes: number) {
  await database.query(
    `insert into brands (id, brand_name, brand_account, brand_password_hash, area_id, operation_area_id)
     values (1, '美团', 'bench', $1, '110108', '["110108"]') on conflict do nothing`,
    [await hashPassword('Bench12345')],
  );
  await database.query(`select setval(pg_get_serial_sequence('brands', 'id'), 10)`);
  const grid = siteGrid(sites);
  for (let i = 0; i < grid.length; i += 5000) {
    const part = grid.slice(i, i + 5000);
    await database.query(
      `insert into sites (id, area_id, site_name, lon, lat, site_bike_ceiling, length)
       select u.id, '110108', '站点' || u.id, u.lon, u.lat, u.c, 40 from unnest($1::varchar[], $2::float8[], $3::float8[], $4::int[]) as u(id, lon, lat, c)
       on conflict do nothing`,
      [part.map((s) => s.id), part.map((s) => s.lon), part.map((s) => s.lat), part.map((s) => s.ceiling)],
    );
  }
  await database.query(
    `insert into bikes (bike_id, brand_id, bike_type) select 'B' || lpad(g::text, 7, '0'), 1, (g % 3 = 0)::int from generate_series(1, $1) g
     on conflict do nothing`,
    [bikes],
  );
  return grid;
}

/** Positions: 70 % inside a site (within 20 m of its centre), the rest anywhere in the box. */
export function positions(grid: { lon: number; lat: number }[], bikes: number, seed: number) {
  const r = rng(seed);
  const lon = new Float64Array(bikes);
  const lat = new Float64Array(bikes);
  for (let i = 0; i < bikes; i++) {
    if (r() < 0.7) {
      const s = grid[Math.floor(r() * grid.length)];
      lon[i] = s.lon + (r() - 0.5) * 0.0002;
      lat[i] = s.lat + (r() - 0.5) * 0.0002;
    } else {
      lon[i] = BOX.minLon + r() * (BOX.maxLon - BOX.minLon);
      lat[i] = BOX.minLat + r() * (BOX.maxLat - BOX.minLat);
    }
  }
  return { lon, lat };
}

export const bikeId = (i: number) => `B${String(i + 1).padStart(7, '0')}`;

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
