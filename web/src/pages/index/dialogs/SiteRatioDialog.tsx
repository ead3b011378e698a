import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, InputNumber, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useHomeArea, useHomePermissions } from '../hooks';
import QueryState from '../parts/QueryState';
import { fetchSites, saveSiteRatio } from '../service';
import HomeModal from './HomeModal';
import { useDialogs } from './dialogStore';

/**
 * 编辑站点满桩值: the site's own full-pile value (GET /api/site/?siteId=, PUT /api/site/{id});
 * empty follows the area's value.
 */
export default function SiteRatioDialog({ siteId, siteName }: { siteId: string; siteName: string }) {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const client = useQueryClient();
  const close = useDialogs((s) => s.close);
  const { message } = App.useApp();
  const q = useQuery({
    queryKey: ['home', 'siteRow', area, siteId],
    queryFn: () => fetchSites(area, { siteId, currentPage: 1, pageSize: 1 }),
    enabled: ready && perms.sites,
  });
  const row = q.data?.lists.find((r) => r.siteId === siteId);
  const [value, setValue] = useState<number | null>(null);
  const [inherit, setInherit] = useState(true);
  const [busy, setBusy] = useState(false);
  // the form starts from the first answer only: a later refetch (the site's counts move every
  // minute) must not undo what the user has changed
  const started = useRef(false);
  useEffect(() => {
    if (row && !started.current) {
      started.current = true;
      setValue(row.fullPileNum);
      setInherit(row.fullPileNum === null);
    }
  }, [row]);

  const save = async () => {
    if (!inherit && !(value !== null && value > 0)) {
      void message.warning('请填写大于 0 的满桩值');
      return;
    }
    setBusy(true);
    try {
      await saveSiteRatio(area, siteId, inherit ? null : value);
      void message.success('站点满桩值已保存');
      await client.invalidateQueries({ queryKey: ['home'] });
      close();
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <HomeModal title={`编辑站点满桩值 · ${siteName}`} width={520}>
      {!perms.siteEdit ? (
        <div className="hp-state hp-state-empty">无权限编辑站点</div>
      ) : (
        <QueryState query={q} empty={!row} emptyText="站点不存在">
          <Space orientation="vertical">
            <Typography.Text>
              停放容量 {row?.siteBikeCeiling}，当前容量 {row?.capacity}，站内 {row?.num} 辆
            </Typography.Text>
            <Checkbox checked={inherit} onChange={(e) => setInherit(e.target.checked)}>
              沿用区域满桩值
            </Checkbox>
            <InputNumber aria-label="站点满桩值" min={0.01} max={10} step={0.1} value={value} disabled={inherit} onChange={setValue} />
            <Button type="primary" loading={busy} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        </QueryState>
      )}
    </HomeModal>
  );
}
