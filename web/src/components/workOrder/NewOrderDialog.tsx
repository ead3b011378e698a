/**
 * 派单: the regulator opens a work order (POST /api/workOrder/add) from where they look — a site's
 * info window on the big screen, a point of its map (right-click 在此派单), or an alert of #/warn.
 * A site or a point: 类型 (a site's fill suggests it), 派给企业 (one order per enterprise), 工单内容
 * and 期限; a point also its 区域. An alert: 工单内容 and 期限 only (its place, enterprise and type
 * are the alert's). The server's refusal is shown in the dialog, which stays open with what was
 * typed; the enterprises already sent to are dropped from the choice, so a second 派发 sends no
 * order twice.
 */
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { DEADLINE_EXTRA, ORDER_TYPES, alertOrderType, orderTypeOfFlag } from '../../lib/workOrders';
import AreaSelect from '../desk/AreaSelect';
import { serverField, serverRules } from '../desk/serverRules';
import { type NewOrderBody, sendOrder } from './service';
import './newOrder.css';

const DEADLINE = serverField('/api/workOrder/add', 'deadlineMinutes');

/** What the order is about. */
export type OrderTarget =
  | {
      kind: 'site';
      siteId: string;
      siteName: string;
      /** the site's flag (0 空桩, 1 正常, 2 满桩, 3 偏多, 4 偏少): the suggested type */
      flag: number | null;
      /** the enterprises chosen at first: those with bikes in the site */
      brandIds: number[];
    }
  | {
      kind: 'point';
      /** GCJ-02, as the map's LatLngs and the stored sites are */
      lon: number;
      lat: number;
      /** the district shown, the order's area unless changed (none: the regulator picks it) */
      areaId?: string;
    }
  | {
      kind: 'alert';
      alert: {
        id: number;
        abnormalType: number;
        abnormalTypeName: string;
        brandName: string;
        bikeId: string | null;
        siteName: string;
        lon: number | null;
        lat: number | null;
        createTime: string;
      };
    };

interface OrderBrand {
  brandId: number;
  brandName: string;
}

interface Props {
  target: OrderTarget;
  /** the area's enterprises (a site or a point) */
  brands?: readonly OrderBrand[];
  brandsLoading?: boolean;
  onClose: () => void;
  /** after every order was sent: their ids */
  onDone?: (ids: number[]) => void;
}

interface Values {
  type?: number;
  brandIds?: number[];
  areaId?: string;
  text: string;
  deadlineMinutes?: number | null;
}

const TYPE_OPTIONS = Object.entries(ORDER_TYPES).map(([k, name]) => ({ value: Number(k), label: name }));
const fixed = (v: number) => v.toFixed(6);

function titleOf(t: OrderTarget): string {
  if (t.kind === 'site') return `派单 · ${t.siteName}`;
  if (t.kind === 'point') return '在此派单';
  return `派单 · 告警 ${t.alert.id}`;
}

/** What the order covers, above the fields. */
function About({ target }: { target: OrderTarget }) {
  const items =
    target.kind === 'site'
      ? [{ key: 'site', label: '站点', children: `${target.siteName}（${target.siteId}）` }]
      : target.kind === 'point'
        ? [{ key: 'at', label: '位置', children: `${fixed(target.lon)}, ${fixed(target.lat)}` }]
        : [
            { key: 'alert', label: '告警', children: `${target.alert.abnormalTypeName}（${target.alert.createTime}）` },
            { key: 'brand', label: '派给企业', children: target.alert.brandName || '—' },
            { key: 'bike', label: '车辆', children: target.alert.bikeId ?? '—' },
            {
              key: 'place',
              label: '位置',
              children:
                target.alert.siteName ||
                (target.alert.lon !== null && target.alert.lat !== null ? `${fixed(target.alert.lon)}, ${fixed(target.alert.lat)}` : '—'),
            },
            { key: 'type', label: '工单类型', children: ORDER_TYPES[(alertOrderType(target.alert.abnormalType) ?? 8) as keyof typeof ORDER_TYPES] },
          ];
  return <Descriptions className="new-order-about" column={1} size="small" bordered items={items} />;
}

export default function NewOrderDialog({ target, brands = [], brandsLoading, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // orders sent already when a later one was refused
  const [sent, setSent] = useState<{ id: number; brandName: string }[]>([]);
  const chooses = target.kind !== 'alert';
  const nameOf = (id: number | undefined) => brands.find((b) => b.brandId === id)?.brandName ?? (id === undefined ? '' : `企业 ${id}`);
  const initial: Values =
    target.kind === 'site'
      ? { type: orderTypeOfFlag(target.flag), brandIds: target.brandIds, text: '' }
      : target.kind === 'point'
        ? { type: 8, brandIds: [], areaId: target.areaId || undefined, text: '' }
        : { text: '' };

  const bodyOf = (v: Values, brandId: number | undefined): NewOrderBody => {
    const common = { text: v.text.trim(), deadlineMinutes: v.deadlineMinutes ?? undefined };
    if (target.kind === 'alert') return { alertId: target.alert.id, ...common };
    if (target.kind === 'site') return { type: v.type, brandId, siteId: target.siteId, ...common };
    return { type: v.type, brandId, areaId: v.areaId, lon: target.lon, lat: target.lat, ...common };
  };

  const submit = async () => {
    // a missing field: the form says which, nothing is sent
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    setError(null);
    const done = [...sent];
    const targets: (number | undefined)[] = chooses ? (v.brandIds ?? []) : [undefined];
    try {
      for (const brandId of targets) {
        try {
          const { id } = await sendOrder(bodyOf(v, brandId));
          done.push({ id, brandName: nameOf(brandId) });
        } catch (err) {
          // the server's reason; the enterprises sent to leave the choice, the rest and the text stay
          setError(`${chooses && targets.length > 1 ? `派给${nameOf(brandId)}未成功：` : ''}${err instanceof Error ? err.message : '派单失败，请稍后再试'}`);
          setSent(done);
          if (chooses) form.setFieldValue('brandIds', targets.slice(targets.indexOf(brandId)));
          return;
        }
      }
    } finally {
      setBusy(false);
    }
    const ids = done.map((d) => d.id);
    void toast().success(`工单已派发：工单 ${ids.join('、')}`);
    onDone?.(ids);
    onClose();
  };

  return (
    <Modal
      open
      title={titleOf(target)}
      okText="派发"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      <About target={target} />
      {sent.length > 0 && (
        <Alert
          type="success"
          showIcon
          className="new-order-note"
          title={`已派发：${sent.map((s) => `工单 ${s.id}（${s.brandName}）`).join('、')}；下方为尚未派发的企业，修改后可再次派发`}
        />
      )}
      {error && <Alert type="error" showIcon className="new-order-note" title={error} data-testid="new-order-error" />}
      <Form form={form} layout="vertical" initialValues={initial} className="new-order-form">
        {chooses && (
          <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择工单类型' }]}>
            <Select aria-label="类型" options={TYPE_OPTIONS} />
          </Form.Item>
        )}
        {chooses && (
          <Form.Item
            name="brandIds"
            label="派给企业"
            extra="每个企业各派一张工单"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择派给的企业' }]}
          >
            <Select
              aria-label="派给企业"
              mode="multiple"
              loading={brandsLoading}
              options={brands.map((b) => ({ value: b.brandId, label: b.brandName }))}
              placeholder="请选择企业"
              notFoundContent={brandsLoading ? '正在加载企业…' : '该区域暂无企业'}
            />
          </Form.Item>
        )}
        {target.kind === 'point' && (
          <Form.Item name="areaId" label="区域" extra="工单归属的区县，由该区域的监管人员办理" rules={[{ required: true, message: '请选择区域' }]}>
            <AreaSelect placeholder="请选择区域" />
          </Form.Item>
        )}
        <Form.Item
          name="text"
          label="工单内容"
          rules={[{ required: true, whitespace: true, message: '请填写工单内容' }, ...serverRules('/api/workOrder/add', 'text', '工单内容')]}
        >
          <Input.TextArea rows={4} aria-label="工单内容" placeholder="要求企业处理的内容" />
        </Form.Item>
        <Form.Item name="deadlineMinutes" label="期限（分钟）" extra={DEADLINE_EXTRA}>
          <InputNumber aria-label="期限（分钟）" min={DEADLINE.minimum} max={DEADLINE.maximum} precision={0} style={{ width: 200 }} placeholder="可空" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
