/** The area tree of 区域管理: flat rows nested under the user's area, and the search that filters it. */
import type { Area } from './types';

export interface AreaTreeNode {
  key: string;
  title: string;
  area: Area;
  children?: AreaTreeNode[];
}

/** Rows nested by parentId; roots are the rows whose parent is not among them (the user's area). */
export function nestAreas(rows: readonly Area[]): AreaTreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<string, Area[]>();
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    kids.set(parent, [...(kids.get(parent) ?? []), r]);
  }
  const build = (parent: string): AreaTreeNode[] | undefined => {
    const list = kids.get(parent);
    if (!list?.length) return undefined;
    return [...list].sort((a, b) => a.id.localeCompare(b.id)).map((a) => ({ key: a.id, title: a.areaName, area: a, children: build(a.id) }));
  };
  return build('') ?? [];
}

/** Nodes whose name or code contains `text`, with their ancestors; the keys to expand so that every match shows. */
export function filterTree(nodes: readonly AreaTreeNode[], text: string): { nodes: AreaTreeNode[]; expanded: string[]; matches: number } {
  const q = text.trim();
  // no search: the roots and the level below open (a province user sees its cities' districts)
  if (!q) return { nodes: [...nodes], expanded: nodes.flatMap((n) => [n.key, ...(n.children ?? []).map((c) => c.key)]), matches: 0 };
  const expanded: string[] = [];
  let matches = 0;
  const walk = (list: readonly AreaTreeNode[]): AreaTreeNode[] =>
    list.flatMap((n) => {
      const hit = n.area.areaName.includes(q) || n.area.id.includes(q);
      if (hit) matches++;
      const children = n.children ? walk(n.children) : [];
      if (children.length) expanded.push(n.key);
      if (!hit && !children.length) return [];
      // a matching area keeps its whole subtree, so that its districts can still be opened
      return [{ ...n, children: hit ? n.children : children }];
    });
  return { nodes: walk(nodes), expanded, matches };
}

/** The level's name (0 全国, 1 省, 2 市, 3 区县, 4 街道). */
export const LEVELS: Record<number, string> = { 0: '全国', 1: '省', 2: '市', 3: '区县', 4: '街道' };
