/** Forbidden zones (type 0 no-parking fence, 1 forbidden zone): polygons within an area (rules; queries in repo.ts). */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { type LonLat, normalizeHoles, normalizePolygon, outsideChina } from '../../domain/polygon.js';
import { formatTime } from '../../domain/time.js';
import * as repo from './repo.js';
import type { Forbid, ForbidBody, ForbidInput } from './schemas.js';

/** The closed outer ring, in China, or a 400 naming the problem. */
function ring(fence: unknown): LonLat[] {
  const r = normalizePolygon(fence, 'fence');
  if (!r.ok) throw badRequest(r.message);
  const abroad = outsideChina(r.ring, 'fence');
  if (abroad) throw badRequest(abroad);
  return r.ring;
}

/** The holes, each inside the outer ring, or a 400 naming the hole. */
function holesIn(holes: unknown, outer: LonLat[]): LonLat[][] {
  const h = normalizeHoles(holes, outer, 'holes');
  if (!h.ok) throw badRequest(h.message);
  return h.holes;
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

/** The stored JSON of a zone's outer ring and holes. */
function shape(fence: unknown, holes: unknown) {
  const outer = ring(fence);
  return { fence: JSON.stringify(outer), holes: JSON.stringify(holesIn(holes, outer)) };
}

export async function addForbid(database: Database, auth: Auth, input: Static<typeof ForbidBody>) {
  const areaId = input.areaId ?? auth.areaId;
  auth.assertArea(areaId);
  return repo.insertZone(database, {
    areaId,
    type: input.type,
    alias: input.alias,
    serial: input.serial ?? null,
    ...shape(input.fence, input.holes),
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
    ...(await newShape(database, id, input)),
    enabled: input.enabled,
  });
}

/**
 * What an edit stores of the shape: a new fence keeps the stored holes unless holes are given (each
 * must still lie inside it); holes alone are checked against the stored fence.
 */
async function newShape(database: Database, id: number, input: ForbidInput) {
  if (input.fence === undefined && input.holes === undefined) return {};
  const stored = await repo.zoneShape(database, id);
  const outer = input.fence === undefined ? stored!.fence : ring(input.fence);
  const holes = holesIn(input.holes === undefined ? stored!.holes : input.holes, outer);
  return { fence: input.fence === undefined ? undefined : JSON.stringify(outer), holes: JSON.stringify(holes) };
}

export async function deleteForbid(database: Database, auth: Auth, id: number) {
  await owned(database, auth, id);
  await repo.deleteZone(database, id);
}
