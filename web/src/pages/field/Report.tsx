/** 违规举报: photos, the position, the enterprise (the area's brands), what was seen. */
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { serverField } from '../../components/desk/serverRules';
import { useNearby, useSendRecord } from './hooks';
import { PositionBar, SendOutcome, SubmitBar } from './parts';
import PhotoPicker, { type Photo } from './PhotoPicker';
import { usePosition } from './position';

interface Values {
  brandId?: number;
  text: string;
}

export default function Report() {
  const pos = usePosition();
  const nearby = useNearby(pos.position);
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const { state, send, reset } = useSendRecord();
  const brands = nearby.data?.brands ?? [];

  if (state.phase !== 'idle' && state.phase !== 'sending') {
    return (
      <SendOutcome
        state={state}
        againLabel="继续举报"
        onAgain={() => {
          form.resetFields();
          setPhotos([]);
          reset();
        }}
        sent={(data) => (
          <>
            <h2>举报已提交</h2>
            <p>监管人员处理后可在首页「我的记录」中查看结果。</p>
            {(data as { repeated?: boolean }).repeated && <p className="field-hint">这条举报此前已提交过，未重复记录。</p>}
          </>
        )}
      />
    );
  }
  const position = pos.position;
  const missing = !photos.length ? '请至少拍一张照片' : !position ? '等待定位…' : null;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="field-form"
      onFinish={(v) => {
        if (missing || !position) return;
        const brand = brands.find((b) => b.brandId === v.brandId);
        const text = v.text.trim();
        void send(
          'report',
          { lon: position.lon, lat: position.lat, ...(v.brandId ? { brandId: v.brandId } : {}), text },
          photos,
          `违规举报 · ${brand?.brandName ?? '未指明企业'} · ${text.slice(0, 12)}`,
        );
      }}
    >
      <Form.Item label="照片" required className="field-item">
        <PhotoPicker value={photos} onChange={setPhotos} max={9} />
      </Form.Item>
      <PositionBar pos={pos} />
      <Form.Item name="brandId" label="涉及企业" className="field-item">
        <Select
          size="large"
          allowClear
          placeholder="选择企业（选填）"
          loading={nearby.isPending}
          notFoundContent={nearby.isError ? '无法读取企业，请检查网络' : '本区域没有企业'}
          options={brands.map((b) => ({ value: b.brandId, label: b.brandName }))}
        />
      </Form.Item>
      <Form.Item name="text" label="举报内容" rules={[{ required: true, whitespace: true, message: '请描述违规情况' }]} className="field-item">
        <Input.TextArea rows={4} maxLength={serverField('/api/field/report', 'text').maxLength} showCount placeholder="如 大量车辆停放在盲道上" />
      </Form.Item>
      <SubmitBar label="提交举报" disabled={!!missing} loading={state.phase === 'sending'} hint={missing} />
    </Form>
  );
}
