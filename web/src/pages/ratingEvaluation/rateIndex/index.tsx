/**
 * 评级考核 · 企业考核 (#/ratingEvaluation/rate/index, issue 30): the enterprises of an area ranked for a
 * month, with score, grade, change from the month before, the deductions and the quota suggestion;
 * 执行考核 (考核规则设置) assesses the month again; a row opens its 考核详情. Below, the month's
 * 人工评分. 关闭周期 freezes the month (results and hand scores); 重新开放 asks a reason, kept in the
 * month's log. The month and area are in the URL.
 */
import { Alert, Button, Card, Empty, Input, Modal, Popconfirm, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/store';
import { ExportButton, useWrites } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { Change, GradeTag, PeriodBar, useResultQuery } from '../shared/period';
import { closePeriod, exportOutcomes, exportRanking, fetchPeriod, fetchRanking, reopenPeriod, runAssessment } from '../shared/service';
import ScoresTab from './ScoresTab';
import type { Ranked } from '../shared/types';
import '../shared/rate.css';

export default function RateIndex() {
  const q = useResultQuery();
  const { period, area } = q;
  const mayAssess = useSession((s) => can(s.permissions, 'rating.edit'));
  const mayExport = useSession((s) => can(s.permissions, 'ratingEvaluation'));
  const ranking = useQuery({ queryKey: ['rate', 'ranking', period, area], queryFn: () => fetchRanking({ period, selfAreaId: area }) });
  const assessing = useWrites(['rate']);
  const assess = () =>
    assessing.run(
      () => runAssessment(period, area),
      (d) => `已完成 ${period} 的考核（${d.brands} 家企业）`,
    );
  const state = useQuery({ queryKey: ['rate', 'period', period, area], queryFn: () => fetchPeriod({ period, selfAreaId: area }) });
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  // a closed or reopened month freezes or frees the hand scores' list (a desk list) too
  const changing = useWrites(['rate'], ['desk']);
  const change = async (close: boolean) => {
    const done = await changing.run(
      () => (close ? closePeriod(period, area) : reopenPeriod(period, reason.trim(), area)),
      close ? `考核周期 ${period} 已关闭` : `考核周期 ${period} 已重新开放`,
    );
    if (done) {
      setReopening(false);
      setReason('');
    }
  };
  const d = ranking.data;
  const closed = state.data?.closed ?? d?.closed ?? false;
  const detailOf = (r: Ranked) => `/ratingEvaluation/rate/grade?period=${period}&brandId=${r.brandId}${area ? `&selfAreaId=${area}` : ''}`;

  return (
    <div>
      <PeriodBar {...q}>
        {closed && <Tag color="default">本周期已关闭</Tag>}
        {mayAssess && (
          <Button type="primary" loading={assessing.busy} disabled={closed} onClick={() => void assess()}>
            {d?.lists.length ? '重新考核' : '执行考核'}
          </Button>
        )}
        {mayAssess &&
          (closed ? (
            <Button onClick={() => setReopening(true)}>重新开放</Button>
          ) : (
            <Popconfirm title={`关闭 ${period} 后，考核结果与人工评分将冻结，确定关闭吗？`} onConfirm={() => void change(true)}>
              <Button disabled={!d?.lists.length} loading={changing.busy}>
                关闭周期
              </Button>
            </Popconfirm>
          ))}
        {mayExport && <ExportButton label="导出排名" disabled={!d?.lists.length} run={() => exportRanking(period, area)} />}
        {mayExport && <ExportButton label="导出考核明细" disabled={!d?.lists.length} run={() => exportOutcomes(period, area)} />}
      </PeriodBar>
      {ranking.isError ? (
        <Alert type="error" showIcon message="考核结果加载失败" description={(ranking.error as Error).message} />
      ) : (
        <Table<Ranked>
          rowKey="brandId"
          size="middle"
          loading={ranking.isPending}
          dataSource={d?.lists ?? []}
          pagination={false}
          locale={{
            emptyText: <Empty description={`${period} 尚未考核${mayAssess ? '，点击“执行考核”按平台数据计算' : '，每月 1 日自动考核上月'}`} />,
          }}
          columns={[
            { title: '名次', dataIndex: 'rank', width: 70, align: 'center' },
            { title: '企业', dataIndex: 'brandName', width: 160, render: (n: string, r) => <Link to={detailOf(r)}>{n}</Link> },
            { title: '得分', dataIndex: 'score', width: 90, align: 'right' },
            { title: '等级', dataIndex: 'grade', width: 80, render: (g: string) => <GradeTag grade={g} /> },
            { title: '较上期', dataIndex: 'change', width: 90, align: 'right', render: (c: number | null) => <Change value={c} /> },
            { title: '扣分', dataIndex: 'deducted', width: 80, align: 'right' },
            { title: '核准数量', dataIndex: 'quota', width: 100, align: 'right', render: (v: number | null) => v ?? '未核准' },
            {
              title: '建议核准数量',
              dataIndex: 'suggestedQuota',
              width: 150,
              align: 'right',
              render: (v: number | null, r) =>
                v === null ? (
                  '—'
                ) : (
                  <span>
                    {v}（<Change value={v - (r.quota ?? 0)} />）
                  </span>
                ),
            },
            { title: '考核时间', dataIndex: 'assessedAt', width: 170 },
            { title: '操作', key: 'op', width: 80, render: (_, r) => <Link to={detailOf(r)}>详情</Link> },
          ]}
        />
      )}
      <Card size="small" title="人工评分" style={{ marginTop: 16 }} extra={closed ? <span className="rate-muted">本周期已关闭，不能修改</span> : null}>
        <ScoresTab period={period} area={area} closed={closed} />
      </Card>
      {!!state.data?.log.length && (
        <Card size="small" title="周期记录" style={{ marginTop: 16 }}>
          <Timeline
            items={state.data.log.map((l) => ({
              color: l.action === 'close' ? 'gray' : 'blue',
              children: `${l.time} ${l.userName ?? ''} ${l.action === 'close' ? '关闭周期' : `重新开放：${l.reason ?? ''}`}`,
            }))}
          />
        </Card>
      )}
      <Modal
        title={`重新开放 ${period}`}
        open={reopening}
        okText="重新开放"
        okButtonProps={{ disabled: !reason.trim(), loading: changing.busy }}
        onOk={() => void change(false)}
        onCancel={() => setReopening(false)}
      >
        <p>重新开放后可修改人工评分并重新考核。原因将留存在周期记录中。</p>
        <Input.TextArea
          aria-label="重新开放的原因"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="如：企业申诉，复核运维人员配备"
        />
      </Modal>
    </div>
  );
}
