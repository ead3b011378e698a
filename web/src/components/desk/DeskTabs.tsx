/**
 * Tabs of a desk screen whose `{id?}` route segment names the tab (spec §2 routes, e.g.
 * #/systemSettings/roles): the active tab follows the URL, and switching goes through the spec's
 * tab-route helper, so a tab can be linked to and survives a reload. Tabs the user may not see are
 * left out; an unknown or missing segment shows the first allowed tab. `keep` names the URL query
 * parameters the whole page shares (e.g. the chosen area): they go along to the next tab, while the
 * tab's own filters stay behind.
 */
import { Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tabOf, tabRoute } from '../../lib/tabRoute';

export interface DeskTab {
  key: string;
  label: string;
  /** Rendered only while active, so each tab's queries run when it is opened. */
  render: () => ReactNode;
  /** false hides the tab (e.g. a permission the user lacks); default true */
  allowed?: boolean;
}

/** `initial`: the tab shown when the URL names none (e.g. a to-do link's filters that belong to it). */
export default function DeskTabs({ items, initial, keep = [] }: { items: DeskTab[]; initial?: string; keep?: string[] }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const shown = items.filter((t) => t.allowed !== false);
  if (!shown.length) return <Empty description="您没有查看此页面内容的权限，请联系管理员分配角色" />;
  const asked = tabOf(`#${pathname}`);
  const active = shown.find((t) => t.key === (asked || initial)) ?? shown[0];
  return (
    <Tabs
      activeKey={active.key}
      onChange={(key) => {
        const now = new URLSearchParams(search);
        const kept = new URLSearchParams(keep.flatMap((k) => now.getAll(k).map((v) => [k, v] as [string, string])));
        void navigate({ pathname: tabRoute(`#${pathname}`, key), search: kept.size ? `?${kept}` : '' });
      }}
      items={shown.map((t) => ({ key: t.key, label: t.label, children: t.key === active.key ? t.render() : null }))}
    />
  );
}
