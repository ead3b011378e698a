/**
 * 评级考核 · 企业考核 (#/ratingEvaluation/rate/index, issue 30): the enterprises of an area ranked for a
 * month, with score, grade, change from the month before, the deductions and the quota suggestion;
 * 执行考核 (考核规则设置) assesses the month again (a closed month is refused with the reason); a row
 * opens its 考核详情. The month and area are in the URL.
 */
import { Alert, Button, Empty, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../app/session/store';
import { tellFailure } from '../../../components/desk';
import { can } from '../../../lib/permission';
import { Change, GradeTag, PeriodBar, useResultQuery } from '../shared/period';
import { fetchRanking, runAssessment } from '../shared/service';
import type { Ranked } from '../shared/types';
import '../shared/rate.css';

export default function RateIndex() {
  const q = useResultQuery();
  const { period, area } = q;
  const mayAssess = useSession((s) => can(s.permissions, 'rating.edit'));
  const client = useQueryClient();
  const ranking = useQuery({ queryKey: ['rate', 'ranking', period, area], queryFn: () => fetchRanking({ period, selfAreaId: area }) });
  const assess = useMutation({
    mutationFn: () => runAssessment(period, area),
    onSuccess: async (d) => {
      void toast().success(`已完成 ${period} 的考核（${d.brands} 家企业）`);
      await client.invalidateQueries({ queryKey: ['rate'] });
    },
    onError: tellFailure,
  });
  const d = ranking.data;
  const detailOf = (r: Ranked) => `/ratingEvaluation/rate/grade?period=${period}&brandId=${r.brandId}${area ? `&selfAreaId=${area}` : ''}`;

  return (
    <div>
      <PeriodBar {...q}>
        {d?.closed && <Tag color="default">本周期已关闭</Tag>}
        {mayAssess && (
          <Button type="primary" loading={assess.isPending} disabled={d?.closed} onClick={() => assess.mutate()}>
            {d?.lists.length ? '重新考核' : '执行考核'}
          </Button>
        )}
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
    </div>
  );
}
