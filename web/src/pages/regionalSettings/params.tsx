/**
 * 站点参数 (#/regionalSettings/params): per area the full-pile value and its name, and what new sites take
 * when created without them (default radius, 偏少 / 偏多 thresholds, response minutes). Editable with
 * button 115 where the area's aggregation is 0 (spec §6); otherwise read-only with the server's reason.
 */
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { QueryForm, serverField, serverRules, useUrlQuery, useWrites, type Field } from '../../components/desk';
import { fetchSiteParams, saveSiteParams } from './service';

type ParamKey = 'selfAreaId';
const FIELDS: Field<ParamKey>[] = [{ name: 'selfAreaId', label: '区域', type: 'area' }];
/** The route the form saves through: its bounds are the inputs'. */
const PARAMS = '/api/config/siteParams';
const bounds = (name: 'length' | 'dispatchThresholdLess' | 'dispatchThresholdMore' | 'dispatchResponseMinute') => {
  const { minimum: min, maximum: max } = serverField(PARAMS, name);
  return { min, max };
};

interface Values {
  fullPileName: string;
  fullPileNum: number;
  length: number;
  dispatchThresholdLess: number;
  dispatchThresholdMore: number;
  dispatchResponseMinute: number;
}

export default function ParamsTab({ canEdit }: { canEdit: boolean }) {
  const query = useUrlQuery(FIELDS);
  const areaId = query.filters.selfAreaId;
  const params = useQuery({ queryKey: ['regional', 'siteParams', areaId], queryFn: () => fetchSiteParams(areaId) });
  const writes = useWrites(['regional', 'siteParams']);
  const [form] = Form.useForm<Values>();
  const p = params.data;
  const locked = !canEdit || !p?.editable;
  const submit = (v: Values) => writes.run(() => saveSiteParams(p!.areaId, { ...v, fullPileName: v.fullPileName.trim() }), '站点参数已保存');
  return (
    <>
      <QueryForm fields={FIELDS} query={query} />
      {params.isPending || !p ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Card title={`${p.areaName}站点参数`} className="regional-params">
          {p.reason && <Alert type="warning" showIcon className="regional-params-note" title={p.reason} data-testid="params-reason" />}
          {!p.reason && !canEdit && <Alert type="info" showIcon className="regional-params-note" title="没有区域管理权限，只能查看" />}
          <Form<Values>
            key={`${p.areaId}-${JSON.stringify(p)}`}
            form={form}
            layout="horizontal"
            labelCol={{ span: 8 }}
            wrapperCol={{ span: 12 }}
            initialValues={p}
            disabled={locked}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item
              name="fullPileName"
              label="满桩值名称"
              rules={[{ required: true, whitespace: true, message: '请输入满桩值名称' }, ...serverRules(PARAMS, 'fullPileName', '')]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="fullPileNum" label="满桩系数" extra="容量 = floor(停放容量 × 满桩系数)" rules={[{ required: true, message: '请输入满桩系数' }]}>
              <InputNumber min={0.01} max={serverField(PARAMS, 'fullPileNum').maximum} step={0.1} />
            </Form.Item>
            <Form.Item name="length" label="新站点默认半径（米）" extra="无围栏的圆形站点" rules={[{ required: true, message: '请输入默认半径' }]}>
              <InputNumber {...bounds('length')} precision={0} />
            </Form.Item>
            <Form.Item name="dispatchThresholdLess" label="偏少阈值（%）" rules={[{ required: true, message: '请输入偏少阈值' }]}>
              <InputNumber {...bounds('dispatchThresholdLess')} precision={0} />
            </Form.Item>
            <Form.Item
              name="dispatchThresholdMore"
              label="偏多阈值（%）"
              dependencies={['dispatchThresholdLess']}
              rules={[
                { required: true, message: '请输入偏多阈值' },
                ({ getFieldValue }) => ({
                  validator: async (_, v: number) => {
                    if (typeof v === 'number' && v <= getFieldValue('dispatchThresholdLess')) throw new Error('偏多阈值应大于偏少阈值');
                  },
                }),
              ]}
            >
              <InputNumber {...bounds('dispatchThresholdMore')} precision={0} />
            </Form.Item>
            <Form.Item name="dispatchResponseMinute" label="调度响应时限（分钟）" rules={[{ required: true, message: '请输入调度响应时限' }]}>
              <InputNumber {...bounds('dispatchResponseMinute')} precision={0} />
            </Form.Item>
            {!locked && (
              <Form.Item wrapperCol={{ offset: 8 }}>
                <Button type="primary" htmlType="submit" loading={writes.busy}>
                  保存站点参数
                </Button>
              </Form.Item>
            )}
          </Form>
        </Card>
      )}
    </>
  );
}
