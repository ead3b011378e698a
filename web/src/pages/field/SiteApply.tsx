/**
 * 站点申请: the proposed site's position on a small map (the desk map's picker: a tap or a drag moves
 * the pin; it starts at the phone's position, the nearby sites drawn for orientation), its name,
 * capacity, piles, the reason and photos. The map works in GCJ-02 as every map of the console: the
 * phone's WGS-84 is converted for it, and the pin is sent as GCJ-02 (`coord: 'gcj02'`).
 */
import { AimOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { LonLat, MapCircle, MapSite } from '../../components/deskMap/types';
import { serverField } from '../../components/desk/serverRules';
import { wgs84ToGcj02 } from '../../lib/mapCoords';
import { useNearby, useSendRecord } from './hooks';
import { PositionBar, SendOutcome, SubmitBar } from './parts';
import PhotoPicker, { type Photo } from './PhotoPicker';
import { usePosition } from './position';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

interface Values {
  name: string;
  capacity: number;
  piles?: number;
  reason: string;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** The route the application is sent to: its bounds are the inputs'. */
const APPLY = '/api/field/siteApply';
const CAPACITY = serverField(APPLY, 'capacity');
const PILES = serverField(APPLY, 'piles');

export default function SiteApply() {
  const pos = usePosition();
  const nearby = useNearby(pos.position);
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<Photo[]>([]);
  // the pin (GCJ-02); none picked: the phone's position
  const [picked, setPicked] = useState<LonLat | null>(null);
  const { state, send, reset } = useSendRecord();
  const here = useMemo(() => (pos.position ? wgs84ToGcj02(pos.position) : null), [pos.position]);
  const point = picked ?? here;
  // the phone's own position stays marked when the pin is moved away
  const me = useMemo<MapCircle[]>(() => (here ? [{ id: 'me', ...here, radius: 7, color: '#1677ff', label: '我的位置' }] : []), [here]);
  const sites = useMemo<MapSite[]>(() => (nearby.data?.sites ?? []).map((s) => ({ id: s.siteId, name: s.siteName, lon: s.lon, lat: s.lat })), [nearby.data]);

  if (state.phase !== 'idle' && state.phase !== 'sending') {
    return (
      <SendOutcome
        state={state}
        againLabel="再申请一个站点"
        onAgain={() => {
          form.resetFields();
          setPhotos([]);
          setPicked(null);
          reset();
        }}
        sent={(data) => (
          <>
            <h2>站点申请已提交</h2>
            <p>等待监管人员审核，结果可在首页「我的记录」中查看。</p>
            {(data as { repeated?: boolean }).repeated && <p className="field-hint">这条申请此前已提交过，未重复记录。</p>}
          </>
        )}
      />
    );
  }
  const missing = !point ? '请在地图上点选站点位置' : !photos.length ? '请至少拍一张现场照片' : null;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="field-form"
      initialValues={{ capacity: 20 }}
      onFinish={(v) => {
        if (missing || !point) return;
        // the pin as the map has it (GCJ-02), said so
        const body = {
          name: v.name.trim(),
          lon: round6(point.lon),
          lat: round6(point.lat),
          coord: 'gcj02',
          capacity: v.capacity,
          ...(v.piles ? { piles: v.piles } : {}),
          reason: v.reason.trim(),
        };
        void send('siteApply', body, photos, `站点申请 · ${body.name}`);
      }}
    >
      <PositionBar pos={pos} optional={!!picked} />
      <Form.Item label="站点位置" required className="field-item" extra="点击地图或拖动红色标记调整位置">
        <div className="field-map">
          <Suspense fallback={<Spin className="field-map-loading" />}>
            <DeskMap center={here} zoom={17} height={240} backdrop={false} sites={sites} point={point} onPoint={setPicked} circles={me} />
          </Suspense>
          {picked && here && (
            <Button className="field-map-back" size="small" icon={<AimOutlined />} onClick={() => setPicked(null)}>
              回到我的位置
            </Button>
          )}
        </div>
      </Form.Item>
      <Form.Item name="name" label="站点名称" rules={[{ required: true, whitespace: true, message: '请输入站点名称' }]} className="field-item">
        <Input size="large" maxLength={50} placeholder="如 中关村大街 3 号口" />
      </Form.Item>
      <div className="field-pair">
        <Form.Item name="capacity" label="容量（辆）" rules={[{ required: true, message: '请输入容量' }]} className="field-item">
          <InputNumber size="large" min={CAPACITY.minimum} max={CAPACITY.maximum} precision={0} style={{ width: '100%' }} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="piles" label="桩数（选填）" className="field-item">
          <InputNumber size="large" min={PILES.minimum} max={PILES.maximum} precision={0} style={{ width: '100%' }} inputMode="numeric" />
        </Form.Item>
      </div>
      <Form.Item name="reason" label="申请理由" rules={[{ required: true, whitespace: true, message: '请填写申请理由' }]} className="field-item">
        <Input.TextArea rows={3} maxLength={serverField(APPLY, 'reason').maxLength} showCount placeholder="如 附近地铁口早高峰车辆堆积，无停放区" />
      </Form.Item>
      <Form.Item label="现场照片" required className="field-item">
        <PhotoPicker value={photos} onChange={setPhotos} max={9} />
      </Form.Item>
      <SubmitBar label="提交申请" disabled={!!missing} loading={state.phase === 'sending'} hint={missing} />
    </Form>
  );
}
