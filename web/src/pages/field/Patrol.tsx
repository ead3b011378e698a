/** 巡检: a bike by id or MAC (typed or scanned), the result, a note, photos and the position. */
import { Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { bikeFromCode } from './codes';
import { useSendRecord } from './hooks';
import { PositionBar, SendOutcome, SubmitBar } from './parts';
import PhotoPicker, { type Photo } from './PhotoPicker';
import { usePosition } from './position';
import ScanButton from './ScanButton';
import type { PatrolAnswer } from './types';

const RESULTS = [
  { value: 1, label: '正常' },
  { value: 2, label: '违停' },
  { value: 3, label: '故障' },
  { value: 4, label: '非法车辆' },
];

interface Values {
  code: string;
  result: number;
  note?: string;
}

export default function Patrol() {
  const pos = usePosition();
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const { state, send, reset } = useSendRecord();
  const code = Form.useWatch('code', form) ?? '';
  const bike = bikeFromCode(code);

  if (state.phase !== 'idle' && state.phase !== 'sending') {
    return (
      <SendOutcome
        state={state}
        againLabel="继续巡检"
        onAgain={() => {
          form.resetFields();
          setPhotos([]);
          reset();
          pos.locate();
        }}
        sent={(data) => {
          const d = data as PatrolAnswer;
          return (
            <>
              <h2>巡检已记录</h2>
              <p>
                车辆 {d.bikeId ?? (bike.bikeMac || bike.bikeId)}
                {d.brandName ? `（${d.brandName}）` : ''}
              </p>
              {d.repeated && <p className="field-hint">这条巡检此前已提交过，未重复记录。</p>}
            </>
          );
        }}
      />
    );
  }
  const position = pos.position;
  const missing = !position ? '等待定位…' : !photos.length ? '请至少拍一张照片' : null;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="field-form"
      initialValues={{ result: 1 }}
      onFinish={(v) => {
        if (missing || !position) return;
        const b = bikeFromCode(v.code);
        const note = v.note?.trim();
        const result = RESULTS.find((r) => r.value === v.result)?.label ?? '';
        void send(
          'patrol',
          { ...b, result: v.result, ...(note ? { note } : {}), lon: position.lon, lat: position.lat },
          photos,
          `巡检 · ${b.bikeId ?? b.bikeMac} · ${result}`,
        );
      }}
    >
      <PositionBar pos={pos} />
      <Form.Item label="车辆编号或 MAC" required className="field-item" extra={bike.bikeMac ? `按 MAC 记录：${bike.bikeMac}` : undefined}>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入或扫描车辆编号' }]}>
            <Input size="large" placeholder="输入车辆编号，或扫码" autoComplete="off" allowClear />
          </Form.Item>
          <ScanButton onCode={(text) => form.setFieldValue('code', bikeFromCode(text).bikeMac ?? bikeFromCode(text).bikeId ?? text)} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="result" label="巡检结果" required className="field-item">
        <Radio.Group className="field-segments" optionType="button" buttonStyle="solid" size="large" options={RESULTS} />
      </Form.Item>
      <Form.Item name="note" label="备注" className="field-item">
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，如故障情况" />
      </Form.Item>
      <Form.Item label="照片" required className="field-item">
        <PhotoPicker value={photos} onChange={setPhotos} max={9} />
      </Form.Item>
      <SubmitBar label="提交巡检" disabled={!!missing} loading={state.phase === 'sending'} hint={missing} />
    </Form>
  );
}
