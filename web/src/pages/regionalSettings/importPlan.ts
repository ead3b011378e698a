/**
 * What an import will save (issue 32 point 5): the 保存 button's count is the length of `save`, and
 * every polygon left out is listed with its reason (holes where the target keeps none, farther than
 * FAR_KM from the area without the user's confirmation, beyond what the target holds: an area has one
 * operating fence). Pure.
 */
import { farFrom, farText, type NearArea } from './geoNear';
import type { GeoPolygon } from './geojson';

export const keyOf = (p: GeoPolygon) => `${p.feature}-${p.part}`;

export interface ImportRules {
  /** the area imported into (null: none known, no distance check) */
  near: NearArea | null;
  /** the target stores holes (forbidden zones do, fences do not) */
  holes: boolean;
  /** at most this many are saved (an operating fence: 1), and why */
  limit: { count: number; reason: string } | null;
  /** the user confirmed saving the far ones */
  farConfirmed: boolean;
}

export interface ImportPlan {
  /** saved by 保存, in file order */
  save: GeoPolygon[];
  /** the polygons farther than FAR_KM, with their distance (saved only when confirmed) */
  far: { polygon: GeoPolygon; km: number; text: string }[];
  /** not saved, and why */
  skipped: { polygon: GeoPolygon; reason: string }[];
}

export function planImport(polygons: readonly GeoPolygon[], rules: ImportRules): ImportPlan {
  const plan: ImportPlan = { save: [], far: [], skipped: [] };
  for (const g of polygons) {
    if (g.holes.length && !rules.holes) {
      plan.skipped.push({ polygon: g, reason: `有 ${g.holes.length} 个内洞：围栏不能带洞（禁停区可以），不会保存` });
      continue;
    }
    const km = farFrom(g.ring, rules.near);
    if (km !== null) {
      const text = farText(km, rules.near!.name);
      plan.far.push({ polygon: g, km, text });
      if (!rules.farConfirmed) {
        plan.skipped.push({ polygon: g, reason: `${text}，不在所选区域：确认后才保存` });
        continue;
      }
    }
    if (rules.limit && plan.save.length >= rules.limit.count) {
      plan.skipped.push({ polygon: g, reason: rules.limit.reason });
      continue;
    }
    plan.save.push(g);
  }
  return plan;
}
