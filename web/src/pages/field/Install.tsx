/** 设备安装: the pile's MAC (typed or scanned), the site it is installed at (the nearest sites), photos. */
import { Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { macOf, metres } from './codes';
import { useNearby, useSendRecord } from './hooks';
import { PositionBar, SendOutcome, SubmitBar } from './parts';
import PhotoPicker, { type Photo } from './PhotoPicker';
import { usePosition } from './position';
import ScanButton from './ScanButton';

interface Values {
  mac: string;
  siteId: string;
}

export default function Install() {
  const pos = usePosition();
  const nearby = useNearby(pos.position);
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const { state, send, reset } = useSendRecord();
  const sites = nearby.data?.sites ?? [];

  if (state.phase !== 'idle' && state.phase !== 'sending') {
    return (
      <SendOutcome
        state={state}
        againLabel="继续安装"
        onAgain={() => {
          form.resetFields();
          setPhotos([]);
          reset();
        }}
        sent={(data) => (
          <>
            <h2>安装已记录</h2>
            {(data as { repeated?: boolean }).repeated && <p className="field-hint">这条安装记录此前已提交过，未重复记录。</p>}
          </>
        )}
      />
    );
  }
  const missing = !photos.length ? '请至少拍一张安装照片' : null;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="field-form"
      onFinish={(v) => {
        if (missing) return;
        const mac = macOf(v.mac) ?? v.mac.trim();
        const site = sites.find((s) => s.siteId === v.siteId);
        const at = pos.position ? { lon: pos.position.lon, lat: pos.position.lat } : {};
        void send('install', { mac, siteId: v.siteId, ...at }, photos, `设备安装 · ${mac} · ${site?.siteName ?? v.siteId}`);
      }}
    >
      <PositionBar pos={pos} optional />
      <Form.Item label="设备 MAC" required className="field-item">
        <Space.Compact block>
          <Form.Item
            name="mac"
            noStyle
            rules={[
              { required: true, whitespace: true, message: '请输入或扫描设备 MAC' },
              {
                validator: (_, v: string) =>
                  !v || macOf(v) ? Promise.resolve() : Promise.reject(new Error('MAC 格式不正确，应为 12 位十六进制，如 AA:BB:CC:DD:EE:FF')),
              },
            ]}
          >
            <Input size="large" placeholder="如 AA:BB:CC:DD:EE:FF" autoComplete="off" allowClear />
          </Form.Item>
          <ScanButton onCode={(text) => form.setFieldValue('mac', macOf(text) ?? text)} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="siteId" label="安装站点" rules={[{ required: true, message: '请选择安装站点' }]} className="field-item">
        <Select
          size="large"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={nearby.isPending ? '正在读取附近站点…' : '选择站点（按距离排序）'}
          loading={nearby.isPending}
          notFoundContent={nearby.isError ? '无法读取站点，请检查网络' : '附近没有站点'}
          options={sites.map((s) => ({ value: s.siteId, label: s.distance === null ? s.siteName : `${s.siteName}（${metres(s.distance)}）` }))}
        />
      </Form.Item>
      <Form.Item label="安装照片" required className="field-item">
        <PhotoPicker value={photos} onChange={setPhotos} max={9} />
      </Form.Item>
      <SubmitBar label="提交安装记录" disabled={!!missing} loading={state.phase === 'sending'} hint={missing} />
    </Form>
  );
}
