/** Area codes and the area tree: pure, no I/O. */

export const ROOT_AREA_ID = '000000';

export interface AreaNode {
  id: string;
  parentId: string | null;
  areaName: string;
  level: number;
}

/** Pads an area id to six digits ("1101" → "110100"). */
export function padAreaId(id: string | number): string {
  return String(id).padEnd(6, '0').slice(0, 6);
}

export const isAreaId = (id: unknown): id is string => typeof id === 'string' && /^\d{6}$/.test(id);

/** Level of a standard division code: 0 nation, 1 province, 2 city, 3 district. */
export function levelOfCode(id: string): number {
  if (id === ROOT_AREA_ID) return 0;
  if (id.endsWith('0000')) return 1;
  if (id.endsWith('00')) return 2;
  return 3;
}

/** Province, city and district ids of a standard code (spec §2 area chain). */
export function areaChain(id: string): string[] {
  const p = padAreaId(id);
  if (p === ROOT_AREA_ID) return [];
  const chain = [p.slice(0, 2) + '0000', p.slice(0, 4) + '00', p];
  return [...new Set(chain)].slice(0, levelOfCode(p));
}

/**
 * Why a new area's code does not fit under its parent, or null. Division codes nest by prefix: a
 * province PP0000 under 全国, a city PPCC00 under its province, a district PPCCDD under its city; below a
 * district (a 片区 of level 4) the code is a free one of the same city (PPCC, then not 00). Level 5 and
 * deeper do not exist.
 */
export function codeMisfit(code: string, parent: { id: string; level: number }): string | null {
  if (!isAreaId(code) || code === ROOT_AREA_ID) return `区域编码 ${code} 应为 6 位数字`;
  const p = parent.id;
  const tail = (from: number) => code.slice(from) === '0'.repeat(6 - from);
  switch (parent.level) {
    case 0:
      return tail(2) ? null : `全国下的区域编码应为省级编码（如 110000）`;
    case 1:
      return code.startsWith(p.slice(0, 2)) && tail(4) && code !== p ? null : `${p} 下的区域编码应为 ${p.slice(0, 2)}xx00（市级）`;
    case 2:
      return code.startsWith(p.slice(0, 4)) && code !== p ? null : `${p} 下的区域编码应为 ${p.slice(0, 4)}xx（区县级）`;
    case 3:
      return code.startsWith(p.slice(0, 4)) && !code.endsWith('00') ? null : `${p} 下的片区编码应为同城市的 ${p.slice(0, 4)}xx（末两位不为 00）`;
    default:
      return '最多支持到第 4 级区域';
  }
}

/** The tree of areas in memory; rebuilt from the database when areas change. */
export class AreaTree {
  private readonly byId = new Map<string, AreaNode>();
  private readonly kids = new Map<string, string[]>();

  constructor(nodes: Iterable<AreaNode>) {
    for (const n of nodes) this.byId.set(n.id, n);
    for (const n of this.byId.values()) {
      if (n.parentId === null) continue;
      const list = this.kids.get(n.parentId) ?? [];
      list.push(n.id);
      this.kids.set(n.parentId, list);
    }
    for (const list of this.kids.values()) list.sort();
  }

  get(id: string): AreaNode | undefined {
    return this.byId.get(id);
  }

  get size() {
    return this.byId.size;
  }

  children(id: string): AreaNode[] {
    return (this.kids.get(id) ?? []).map((k) => this.byId.get(k)!);
  }

  /** Ancestors from the root down to and including `id`. */
  path(id: string): AreaNode[] {
    const out: AreaNode[] = [];
    const seen = new Set<string>();
    for (let n = this.byId.get(id); n && !seen.has(n.id); n = n.parentId ? this.byId.get(n.parentId) : undefined) {
      seen.add(n.id);
      out.unshift(n);
    }
    return out;
  }

  /** Is `id` the area `ancestor` or below it? */
  isWithin(id: string, ancestor: string): boolean {
    if (ancestor === ROOT_AREA_ID) return this.byId.has(id);
    return this.path(id).some((n) => n.id === ancestor);
  }

  /** `id` and every area below it. */
  descendants(id: string): string[] {
    const out: string[] = [];
    const stack = [id];
    while (stack.length) {
      const cur = stack.pop()!;
      if (!this.byId.has(cur)) continue;
      out.push(cur);
      for (const k of this.kids.get(cur) ?? []) stack.push(k);
    }
    return out;
  }
}
