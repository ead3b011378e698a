/** Forbidden zones (type 0 no-parking fence, 1 forbidden zone): polygons within an area (rules; queries in repo.ts). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { normalizePolygon } from '../../domain/polygon.js';
import { formatTime } from '../../domain/time.js';
import * as repo from './repo.js';
import type { Forbid, ForbidBody, ForbidInput } from './schemas.js';

function ring(fence: unknown) {
  const r = normalizePolygon(fence, 'fence');
  if (!r.ok) throw badRequest(r.message);
  return JSON.stringify(r.ring);
}

export async function listForbid(
  database: Database,
  areaIds: string[],
  f: { type?: number; enabled?: 0 | 1; alias?: string; limit: number; offset: number },
  tz: string,
) {
  const { rows, total } = await repo.zonePage(database, {
    areaIds,
    type: f.type,
    enabled: f.enabled === undefined ? undefined : f.enabled === 1,
    aliasPattern: f.alias ? `%${f.alias}%` : undefined,
    limit: f.limit,
    offset: f.offset,
  });
  return { lists: rows.map(({ createdAt, ...r }): Static<typeof Forbid> => ({ ...r, createTime: formatTime(createdAt, tz)! })), total };
}

export async function addForbid(database: Database, auth: Auth, input: Static<typeof ForbidBody>) {
  const areaId = input.areaId ?? auth.areaId;
  auth.assertArea(areaId);
  return repo.insertZone(database, {
    areaId,
    type: input.type,
    alias: input.alias,
    serial: input.serial ?? null,
    fence: ring(input.fence),
    enabled: input.enabled ?? true,
  });
}

async function owned(database: Database, auth: Auth, id: number) {
  const areaId = await repo.zoneArea(database, id);
  if (!areaId) throw notFound('禁停区');
  auth.assertArea(areaId);
}

export async function updateForbid(database: Database, auth: Auth, id: number, input: ForbidInput) {
  await owned(database, auth, id);
  if (input.areaId) auth.assertArea(input.areaId);
  await repo.updateZone(database, id, {
    areaId: input.areaId,
    type: input.type,
    alias: input.alias,
    serial: input.serial ?? undefined, // null keeps the serial, as it always has
    fence: input.fence === undefined ? undefined : ring(input.fence),
    enabled: input.enabled,
  });
}

export async function deleteForbid(database: Database, auth: Auth, id: number) {
  await owned(database, auth, id);
  await repo.deleteZone(database, id);
}
