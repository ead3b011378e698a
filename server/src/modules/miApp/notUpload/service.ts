/**
 * 米单车管理 · 桩测未上传车辆 (issue 29 point 4): the enterprise rules that turn a BLE name (kind 1)
 * or MAC (kind 2) into a bike id, their preview, the matching run and the matched bikes. Reads cover
 * the request's areas (an enterprise account: its own enterprise only, never another's bike ids);
 * a rule is of an enterprise registered or operating there.
 */
import type { Static } from 'typebox';
import type { Database } from '../../../db/client.js';
import type { Auth } from '../../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../../http/envelope.js';
import { timeRange } from '../../../http/timeRange.js';
import { formatTime } from '../../../domain/time.js';
import { overlapping, ruleProblem, type BikeIdRule, type RuleKind } from '../../../domain/bikeIdRules.js';
import { findBrand, MISSING } from '../../../shared/brands.js';
import { MATCH_WINDOW_HOURS, applyRules, heardSince, notReported, rulesOf, runMatch } from '../../../shared/notUploaded.js';
import * as repo from './repo.js';
import type { NotUploadItem, NotUploadQuery, Preview, RuleBody, RuleItem } from './schemas.js';

type Body = Static<typeof RuleBody>;
const KIND_NAME: Record<RuleKind, string> = { 1: '蓝牙名称', 2: 'MAC' };

export async function listRules(
  database: Database,
  auth: Auth,
  kind: RuleKind,
  q: { areaId?: string; brandId?: number },
  page: { limit: number; offset: number },
  tz: string,
): Promise<{ lists: Static<typeof RuleItem>[]; total: number }> {
  const { lists, total } = await repo.listRules(database, kind, auth.areasUnder(q.areaId), auth.brandOf(q.brandId), page);
  return { total, lists: lists.map(({ updatedAt, ...r }) => ({ ...r, updateTime: formatTime(updatedAt, tz)! })) };
}

/** The rule as it is stored: text trimmed (a MAC prefix upper-case without separators), unset numbers null. */
function normal(kind: RuleKind, b: Body): BikeIdRule {
  const prefix = b.namePrefix.trim();
  return {
    namePrefix: kind === 2 ? prefix.replace(/[:-]/g, '').toUpperCase() : prefix,
    nameLength: b.nameLength ?? null,
    bikeIdPrefix: b.bikeIdPrefix.trim(),
    bikeIdLength: b.bikeIdLength ?? null,
    bikeIdExtractStart: b.bikeIdExtractStart,
    bikeIdExtractLength: b.bikeIdExtractLength ?? null,
  };
}

/** The enterprise may have rules written by this request: its own (an enterprise account), seen in the request's areas; else 5002. */
async function assertBrand(database: Database, auth: Auth, brandId: number) {
  if (!auth.ownsBrand(brandId)) throw forbidden('企业账号只能设置本企业的规则');
  const brand = await findBrand(database, brandId, auth.scopeAreaIds());
  if (!brand) throw badRequest(MISSING);
  if (!brand.inScope) throw forbidden('该企业不在您的权限区域内');
}

/** The rule checked (400 saying what to change), and not overlapping another of the enterprise's of its kind. */
async function checked(database: Database, auth: Auth, kind: RuleKind, b: Body, exceptId?: number) {
  await assertBrand(database, auth, b.brandId);
  const rule = normal(kind, b);
  const problem = ruleProblem(kind, rule);
  if (problem) throw badRequest(problem);
  const others = (await rulesOf(database, kind, b.brandId)).filter((r) => r.id !== exceptId);
  const i = overlapping(kind, rule, others);
  if (i >= 0) {
    const o = others[i];
    throw badRequest(
      `与本企业已有的${KIND_NAME[kind]}规则（编号 ${o.id}，前缀 "${o.namePrefix}"，长度 ${o.nameLength ?? '不限'}）会匹配到同样的${KIND_NAME[kind]}，请修改前缀或长度，或编辑那条规则`,
    );
  }
  return rule;
}

async function ownRule(database: Database, auth: Auth, kind: RuleKind, id: number) {
  const row = await repo.ruleById(database, kind, id);
  if (!row) throw notFound(`${KIND_NAME[kind]}规则`);
  await assertBrand(database, auth, row.brandId);
  return row;
}

export async function createRule(database: Database, auth: Auth, kind: RuleKind, b: Body) {
  return repo.insertRule(database, kind, b.brandId, await checked(database, auth, kind, b));
}

export async function editRule(database: Database, auth: Auth, kind: RuleKind, id: number, b: Body) {
  await ownRule(database, auth, kind, id);
  await repo.updateRule(database, id, b.brandId, await checked(database, auth, kind, b, id));
}

export async function deleteRule(database: Database, auth: Auth, kind: RuleKind, id: number) {
  await ownRule(database, auth, kind, id);
  await repo.deleteRule(database, id);
}

/** What the rule would give among what the piles of the request's areas heard in the last MATCH_WINDOW_HOURS (before it is saved). */
export async function previewRule(database: Database, auth: Auth, kind: RuleKind, b: Body, tz: string): Promise<Static<typeof Preview>> {
  await assertBrand(database, auth, b.brandId);
  const rule = normal(kind, b);
  const problem = ruleProblem(kind, rule);
  if (problem) throw badRequest(problem);
  const heard = await heardSince(database, auth.scopeAreaIds(), new Date(Date.now() - MATCH_WINDOW_HOURS * 3_600_000));
  const found = applyRules(kind, [{ ...rule, brandId: b.brandId }], heard).reverse();
  const missing = new Set(await notReported(database, found));
  return {
    heard: heard.length,
    matched: found.length,
    notUploaded: missing.size,
    lists: found.slice(0, 50).map((f) => ({
      mac: f.heard.mac,
      name: f.heard.name,
      bikeId: f.bikeId,
      siteId: f.heard.siteId,
      siteName: f.heard.siteName,
      heardTime: formatTime(f.heard.at, tz)!,
      reported: !missing.has(f),
    })),
  };
}

/** Runs the rules (an enterprise account: its own) over what the request's areas heard. */
export const match = (database: Database, auth: Auth, kind: RuleKind) => runMatch(database, kind, auth.scopeAreaIds(), auth.brandLimit);

export async function listNotUploaded(
  database: Database,
  auth: Auth,
  kind: RuleKind,
  q: Static<typeof NotUploadQuery>,
  page: { limit: number; offset: number },
  tz: string,
): Promise<{ lists: Static<typeof NotUploadItem>[]; total: number; brands: { brandId: number; brandName: string; count: number }[] }> {
  const f = { areaIds: auth.areasUnder(q.areaId), brandId: auth.brandOf(q.brandId), siteId: q.siteId, bikeId: q.bikeId?.trim(), ...timeRange(q, tz) };
  const { lists, brands, total } = await repo.listNotUploaded(database, kind, f, page);
  return {
    total,
    brands,
    lists: lists.map(({ firstHeardAt, lastHeardAt, ...r }) => ({
      ...r,
      firstHeardTime: formatTime(firstHeardAt, tz)!,
      lastHeardTime: formatTime(lastHeardAt, tz)!,
    })),
  };
}

export const clear = (database: Database, auth: Auth, kind: RuleKind, q: { areaId?: string; brandId?: number }) =>
  repo.clearNotUploaded(database, kind, auth.areasUnder(q.areaId), auth.brandOf(q.brandId));
