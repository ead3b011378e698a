/**
 * 评级考核 · 考核详情 (#/ratingEvaluation/rate/grade, issue 30): one enterprise's month: score, grade,
 * rank, change and quota suggestion, then every rule's outcome by category (the figure measured or
 * the findings, the points, and 查看证据: the list it was counted from, on its own screen, filtered to
 * the enterprise and month; for a hand-scored item, the inspectors' findings with their photos).
 * A figure without data says why it cost nothing.
 */
import { Alert, Card, Empty, Select, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Change, GradeTag, PeriodBar, useResultQuery } from '../shared/period';
import { Photos } from '../../../components/uploads';
import { fetchDetail, fetchRanking, fetchScores } from '../shared/service';
import type { Deduction, Score } from '../shared/types';
import '../shared/rate.css';

const valueText = (d: Deduction) => {
  if (d.value === null) return <Typography.Text type="secondary">{d.unmeasured ?? '无数据'}</Typography.Text>;
  return d.unit === '%' ? `${d.value}%` : `${d.value} ${d.unit ?? ''}`;
};

/** A hand-scored item's evidence: each finding's note and photos as the inspector entered them. */
function Findings({ scores }: { scores: Score[] }) {
  if (!scores.length) return <>—</>;
  return (
    <div className="rate-findings">
      {scores.map((s) => (
        <div key={s.id}>
          <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 4 }}>
            {s.note}（{s.inspectorName ?? '—'}，{s.updateTime}）
          </Typography.Paragraph>
          {s.photos.length > 0 && <Photos urls={s.photos} alt={`${s.ruleName} 现场照片`} width={40} />}
        </div>
      ))}
    </div>
  );
}

export default function RateGrade() {
  const q = useResultQuery();
  const { period, area, brandId, set } = q;
  const ranking = useQuery({ queryKey: ['rate', 'ranking', period, area], queryFn: () => fetchRanking({ period, selfAreaId: area }) });
  const chosen = brandId ?? ranking.data?.lists[0]?.brandId;
  const detail = useQuery({
    queryKey: ['rate', 'detail', period, area, chosen],
    queryFn: () => fetchDetail({ period, selfAreaId: area, brandId: chosen! }),
    enabled: chosen !== undefined && !!ranking.data?.lists.some((r) => r.brandId === chosen),
    retry: false,
  });
  const findings = useQuery({
    queryKey: ['rate', 'findings', period, area, chosen],
    queryFn: () => fetchScores({ period, selfAreaId: area, brandId: chosen }),
    enabled: !!detail.data,
  });
  const d = detail.data;
  const categories = d ? [...new Set(d.deductions.map((x) => x.categoryId))] : [];

  return (
    <div>
      <PeriodBar {...q}>
        <span>企业</span>
        <Select
          style={{ width: 180 }}
          aria-label="企业"
          value={chosen}
          loading={ranking.isPending}
          options={(ranking.data?.lists ?? []).map((r) => ({ value: r.brandId, label: r.brandName }))}
          onChange={(v: number) => set({ brandId: String(v) })}
          placeholder="选择企业"
        />
      </PeriodBar>
      {ranking.isPending || detail.isLoading ? (
        <Skeleton active />
      ) : !ranking.data?.lists.length ? (
        <Empty description={`${period} 尚未考核，请在“企业考核”中执行考核`} />
      ) : detail.isError || !d ? (
        <Alert type="warning" showIcon message={detail.error ? (detail.error as Error).message : '请选择企业'} />
      ) : (
        <>
          <div className="rate-summary">
            <Card size="small">
              <Statistic title={`${d.brandName} 得分`} value={d.score} />
            </Card>
            <Card size="small">
              <Statistic title="等级" valueRender={() => <GradeTag grade={d.grade} />} />
            </Card>
            <Card size="small">
              <Statistic title="名次" value={d.rank} suffix={`/ ${ranking.data.lists.length}`} />
            </Card>
            <Card size="small">
              <Statistic title="较上期" valueRender={() => <Change value={d.change} />} />
            </Card>
            <Card size="small">
              <Statistic title="合计扣分" value={d.deducted} />
            </Card>
            <Card size="small">
              <Statistic title="建议核准数量" value={d.suggestedQuota ?? '—'} suffix={d.quota !== null ? `（现 ${d.quota}）` : undefined} />
            </Card>
          </div>
          {d.closed && <Alert type="info" showIcon message="本周期已关闭，结果已冻结。" style={{ marginBottom: 12 }} />}
          {categories.map((id) => {
            const rows = d.deductions.filter((x) => x.categoryId === id);
            const taken = Math.round(rows.reduce((s, x) => s + x.points, 0) * 100) / 100;
            return (
              <Card key={id} size="small" className="rate-category" title={rows[0].categoryName} extra={<span>本类扣分 {taken}</span>}>
                <Table<Deduction>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={rows}
                  columns={[
                    { title: '考核项', dataIndex: 'ruleName', width: 240 },
                    { title: '类型', dataIndex: 'kind', width: 110, render: (k: number) => (k === 1 ? <Tag color="blue">平台计算</Tag> : <Tag>人工评分</Tag>) },
                    { title: '测得', key: 'value', width: 220, render: (_, x) => valueText(x) },
                    {
                      title: '扣分',
                      dataIndex: 'points',
                      width: 90,
                      align: 'right',
                      render: (p: number) => (p > 0 ? <span className="rate-down">−{p}</span> : '0'),
                    },
                    {
                      title: '证据',
                      dataIndex: 'evidence',
                      render: (e: string | null, x) =>
                        x.kind === 1 ? (
                          e ? (
                            <Link to={e}>查看证据</Link>
                          ) : (
                            '—'
                          )
                        ) : (
                          <Findings scores={(findings.data ?? []).filter((s) => s.ruleId === x.ruleId)} />
                        ),
                    },
                  ]}
                />
              </Card>
            );
          })}
        </>
      )}
    </div>
  );
}
