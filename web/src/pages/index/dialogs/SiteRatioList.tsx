import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { useSession } from '../../../app/session/store';
import { useHomeArea, useHomePermissions } from '../hooks';
import { fetchSites } from '../service';
import { openDialog } from './dialogStore';

type RatioSite = { siteId: string; siteName: string };

/** session.ratioSites as sites (entries without a siteId are skipped). */
function ratioSitesOf(rows: ReadonlyArray<Record<string, unknown>>): RatioSite[] {
  return rows.filter((r) => r.siteId).map((r) => ({ siteId: String(r.siteId), siteName: String(r.siteName ?? r.siteId) }));
}

/** The site's own full-pile value (GET /api/site/?siteId=), or that it follows the area's. */
function SiteRatioValue({ siteId }: { siteId: string }) {
  const { area, ready } = useHomeArea();
  const q = useQuery({ queryKey: ['home', 'siteRow', area, siteId], queryFn: () => fetchSites(area, { siteId, currentPage: 1, pageSize: 1 }), enabled: ready });
  const row = q.data?.lists.find((r) => r.siteId === siteId);
  if (q.isPending) return <span>加载中…</span>;
  if (!row) return <span>—</span>;
  return <span>{row.fullPileNum ?? '沿用区域值'}</span>;
}

/**
 * 站点满桩值 list (站点名称, 满桩值, 操作): the sites picked for ratio editing on the map
 * (session ratioSites); 编辑 sets the site's value, 移除 takes it off the list.
 */
export default function SiteRatioList() {
  const perms = useHomePermissions();
  const stored = useSession((s) => s.ratioSites);
  const patch = useSession((s) => s.patch);
  const ratioSites = ratioSitesOf(stored);
  const remove = (siteId: string) => patch({ ratioSites: stored.filter((s) => s.siteId !== siteId) });
  if (!perms.sites) return <div className="hp-state hp-state-empty">无权限查看站点</div>;
  return (
    <Table<RatioSite>
      rowKey="siteId"
      size="small"
      dataSource={ratioSites}
      pagination={false}
      locale={{ emptyText: '暂无站点：在地图站点信息窗中勾选“比例编辑”加入' }}
      columns={[
        { title: '站点名称', dataIndex: 'siteName' },
        { title: '满桩值', key: 'value', render: (_, r) => <SiteRatioValue siteId={r.siteId} /> },
        {
          title: '操作',
          key: 'op',
          width: 150,
          render: (_, r) => (
            <Space>
              {perms.siteEdit ? (
                <Button size="small" onClick={() => openDialog({ kind: 'siteRatio', siteId: r.siteId, siteName: r.siteName })}>
                  编辑
                </Button>
              ) : null}
              <Button size="small" onClick={() => remove(r.siteId)}>
                移除
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
