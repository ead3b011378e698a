import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/session/store';
import { serverField } from '../../../components/desk/serverRules';
import { canSetFullPile } from '../../../lib/aggregation';
import { normalizeFullPile } from '../../../lib/fullPile';
import { useHomeArea, useHomePermissions, useInit } from '../hooks';
import QueryState from '../parts/QueryState';
import { fetchFullPile, saveFullPile } from '../service';

/** The route the value is saved through: its bounds are the inputs'. */
const SAVE = '/api/config/fullPileNum';

/**
 * The area's full-pile value (GET / PUT /api/config/fullPileNum): settable only when the area's
 * aggregation is 0 and the user holds 满桩值设置; capacity = floor(停放容量 × 满桩值).
 */
export default function AreaFullPile() {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const init = useInit();
  const client = useQueryClient();
  const { message } = App.useApp();
  const patch = useSession((s) => s.patch);
  const q = useQuery({ queryKey: ['home', 'fullPile', area], queryFn: () => fetchFullPile(area), enabled: ready });
  const current = normalizeFullPile(q.data);
  const [value, setValue] = useState<number | null>(null);
  const [alias, setAlias] = useState('');
  const [busy, setBusy] = useState(false);
  // the form takes the saved value when a new answer arrives, not on every render
  useEffect(() => {
    if (!q.data) return;
    const saved = normalizeFullPile(q.data);
    setValue(saved.value);
    setAlias(saved.alias);
  }, [q.data]);
  const editable = canSetFullPile(init.data?.area) && perms.fullPile;

  const save = async () => {
    if (value === null || !(value > 0)) {
      void message.warning('请填写大于 0 的满桩值');
      return;
    }
    setBusy(true);
    try {
      const saved = normalizeFullPile(await saveFullPile(area, value, alias.trim() || undefined));
      patch({ fullPileNum: saved.value, fullPileName: saved.alias });
      void message.success('满桩值已保存，下一次站点统计（约 1 分钟内）按新值计算');
      await client.invalidateQueries({ queryKey: ['home'] });
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <QueryState query={q}>
      <Form layout="inline" style={{ rowGap: 12 }}>
        <Form.Item label="满桩值">
          <InputNumber
            aria-label="满桩值"
            min={0.01}
            max={serverField(SAVE, 'pile').maximum}
            step={0.1}
            value={value}
            onChange={(v) => setValue(v)}
            disabled={!editable}
          />
        </Form.Item>
        <Form.Item label="名称">
          <Input
            aria-label="满桩值名称"
            maxLength={serverField(SAVE, 'alias').maxLength}
            value={alias}
            onChange={(e) => setAlias(e.target.value)}
            disabled={!editable}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={busy} disabled={!editable} onClick={() => void save()}>
            保存
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        当前：{current.alias} {current.value}。站点容量 = 停放容量 × 满桩值（向下取整）；
        {editable ? '保存后作用于本区域及下级区域。' : canSetFullPile(init.data?.area) ? '您没有修改满桩值的权限。' : '聚合区域不能设置满桩值。'}
      </Typography.Paragraph>
    </QueryState>
  );
}
