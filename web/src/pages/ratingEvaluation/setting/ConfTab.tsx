/**
 * 考核设置 · 考核配置: the area's base score, grade thresholds (A ≥ 90, B ≥ 80, C ≥ 60, D below) and
 * the quota change suggested per grade; beside it the scheme at a glance (each category's full score
 * and rules) and what is wrong with it (the full scores not adding up to the base). The area is the
 * URL's selfAreaId, as the other tabs' area filter has it.
 */
import { Alert, Button, Card, Descriptions, Empty, Form, InputNumber, Skeleton, Space, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../app/session/store';
import { AreaSelect, useWrites } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { confProblem } from '../../../../../server/src/domain/rating';
import { saveConf } from './service';
import { useScheme } from './shared';
import type { Conf } from './types';

const GRADES: [keyof Conf, string][] = [
  ['gradeA', 'A 级最低分'],
  ['gradeB', 'B 级最低分'],
  ['gradeC', 'C 级最低分'],
];
const QUOTAS: [keyof Conf, string][] = [
  ['quotaA', 'A 级'],
  ['quotaB', 'B 级'],
  ['quotaC', 'C 级'],
  ['quotaD', 'D 级'],
];

export default function ConfTab() {
  const [params, setParams] = useSearchParams();
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const mayEdit = useSession((s) => can(s.permissions, 'rating.edit'));
  const area = params.get('selfAreaId') ?? undefined;
  const scheme = useScheme(area);
  const writes = useWrites(['rateSetting']);
  const [form] = Form.useForm<Conf>();
  const conf = scheme.data?.conf;
  useEffect(() => {
    if (conf) form.setFieldsValue(conf);
  }, [conf, form]);

  const submit = async (v: Conf) => {
    const problem = confProblem(v);
    if (problem) return void toast().error(problem);
    await writes.run(() => saveConf({ ...v, selfAreaId: area }), '考核配置已保存');
  };

  const d = scheme.data;
  return (
    <div className="rate-conf">
      {areaUser && (
        <Space className="rate-conf-area">
          <span>区域</span>
          <AreaSelect
            value={area}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              if (typeof v === 'string' && v) next.set('selfAreaId', v);
              else next.delete('selfAreaId');
              setParams(next);
            }}
          />
        </Space>
      )}
      {scheme.isLoading ? (
        <Skeleton active />
      ) : scheme.isError || !d ? (
        <Empty description="考核方案加载失败，请刷新重试" />
      ) : (
        <div className="rate-conf-body">
          <Card size="small" title="基础分与等级" className="rate-conf-form">
            {d.defaultConf && <Alert type="info" showIcon message="该区域尚未保存考核配置，以下为默认值，保存后生效。" style={{ marginBottom: 12 }} />}
            <Form form={form} layout="horizontal" labelCol={{ span: 9 }} wrapperCol={{ span: 15 }} onFinish={(v) => void submit(v)} disabled={!mayEdit}>
              <Form.Item name="baseScore" label="基础分（满分）" rules={[{ required: true, message: '请输入基础分' }]}>
                <InputNumber min={1} max={1000} addonAfter="分" />
              </Form.Item>
              {GRADES.map(([name, label]) => (
                <Form.Item key={name} name={name} label={label} rules={[{ required: true, message: `请输入${label}` }]}>
                  <InputNumber min={0} max={1000} addonAfter="分" />
                </Form.Item>
              ))}
              <Form.Item label="建议配额调整" extra="各等级建议的核准数量变化，显示在企业考核与区域核准数量旁">
                <Space wrap>
                  {QUOTAS.map(([name, label]) => (
                    <Form.Item key={name} name={name} noStyle rules={[{ required: true, message: `请输入${label}的调整` }]}>
                      <InputNumber min={-100} max={100} addonBefore={label} addonAfter="%" style={{ width: 170 }} />
                    </Form.Item>
                  ))}
                </Space>
              </Form.Item>
              {mayEdit && (
                <Form.Item wrapperCol={{ offset: 9 }}>
                  <Button type="primary" htmlType="submit" loading={writes.busy}>
                    保存配置
                  </Button>
                </Form.Item>
              )}
            </Form>
          </Card>
          <Card size="small" title="考核方案概览" className="rate-conf-summary">
            {d.problem ? (
              <Alert type="warning" showIcon message={d.problem} />
            ) : (
              <Alert type="success" showIcon message="方案完整：各类别满分之和等于基础分。" />
            )}
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              style={{ marginTop: 12 }}
              dataSource={d.categories}
              locale={{ emptyText: '尚未设置考核类别，请在“考核类别”中添加' }}
              columns={[
                { title: '类别', dataIndex: 'name' },
                { title: '满分', dataIndex: 'fullScore', align: 'right', width: 80 },
                { title: '固定项', key: 'fixed', align: 'right', width: 80, render: (_, c) => c.fixed.length },
                {
                  title: '趋势规则',
                  key: 'trends',
                  render: (_, c) =>
                    c.trends.length
                      ? c.trends.map((t) => (
                          <Tag key={t.id} color={t.enabled ? 'blue' : 'default'}>
                            {t.measureName}
                          </Tag>
                        ))
                      : '—',
                },
              ]}
            />
            <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
              <Descriptions.Item label="尚未使用的指标">
                {d.measures
                  .filter((m) => !d.categories.some((c) => c.trends.some((t) => t.measure === m.key)))
                  .map((m) => m.name)
                  .join('、') || '无'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </div>
      )}
    </div>
  );
}
