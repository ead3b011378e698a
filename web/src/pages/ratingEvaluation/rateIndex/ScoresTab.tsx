/**
 * 企业考核 · 人工评分: the findings inspectors entered for the month's fixed items (运维人员配备不足 …),
 * each with what they saw; 新增 / 编辑 / 删除 with 考核规则设置 until the month is closed. The next
 * assessment counts them.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CrudTab, type CrudForm, type Field, defineCrud, useAreaBrands } from '../../../components/desk';
import { Photos, PhotosUpload } from '../../../components/uploads';
import { deleteScore, fetchFixedItems, fetchScores, saveScore } from '../shared/service';
import type { Score } from '../shared/types';

interface Values {
  brandId: string;
  ruleId: string;
  findings: number;
  note: string;
  photos: string[];
}

const form = (period: string, area: string | undefined): CrudForm<Score, Values> => ({
  noun: '人工评分',
  rulesOf: '/api/examine/sortContent/upsert',
  dialog: { width: 600, horizontal: true },
  useFields: function useScoreFields() {
    const brands = useAreaBrands(area);
    const items = useQuery({ queryKey: ['rate', 'fixedItems', area], queryFn: () => fetchFixedItems(area) });
    return useMemo(
      (): Field<keyof Values>[] => [
        {
          name: 'brandId',
          label: '企业',
          type: 'select',
          required: true,
          options: brands.options,
          loading: brands.loading,
        },
        {
          name: 'ruleId',
          label: '考核项',
          type: 'select',
          required: true,
          options: (items.data ?? []).map((r) => ({
            value: String(r.id),
            label: `${r.name}（每处 ${r.points} 分${r.maxPoints !== null ? `，最多 ${r.maxPoints}` : ''}）`,
          })),
          loading: items.isLoading,
          extra: items.data && !items.data.length ? '尚无启用的固定考核项，请先在考核设置中添加' : undefined,
        },
        { name: 'findings', label: '发现处数', type: 'number', required: true },
        { name: 'note', label: '检查情况', type: 'textarea', required: true, placeholder: '时间、地点、发现的问题（作为证据留存）' },
        {
          name: 'photos',
          label: '现场照片',
          type: 'custom',
          render: (p) => <PhotosUpload {...p} value={p.value as string[] | undefined} purpose="examine" alt="现场照片" />,
          extra: '与检查情况一同作为证据，在考核详情中随扣分显示',
        },
      ],
      [brands, items.data, items.isLoading],
    );
  },
  initial: (s) =>
    s ? { brandId: String(s.brandId), ruleId: String(s.ruleId), findings: s.findings, note: s.note, photos: s.photos } : { findings: 1, photos: [] },
  save: (v, s) =>
    saveScore({
      ...(s ? { id: s.id } : {}),
      period,
      selfAreaId: area,
      brandId: Number(v.brandId),
      ruleId: Number(v.ruleId),
      findings: v.findings,
      note: v.note.trim(),
      photos: v.photos ?? [],
    }),
});

export default function ScoresTab({ period, area, closed }: { period: string; area?: string; closed: boolean }) {
  const spec = useMemo(
    () =>
      defineCrud<Score, never, Values>({
        // one list per month and area: the key holds them
        key: `rateScores:${period}:${area ?? ''}`,
        rowKey: 'id',
        filters: [],
        pageSize: 50,
        list: async () => {
          const lists = await fetchScores({ period, selfAreaId: area });
          return { lists, total: lists.length };
        },
        columns: [
          { title: '企业', dataIndex: 'brandName', width: 120 },
          { title: '考核项', dataIndex: 'ruleName', width: 200 },
          { title: '类别', dataIndex: 'categoryName', width: 120 },
          { title: '发现处数', dataIndex: 'findings', width: 90, align: 'right' },
          { title: '扣分', dataIndex: 'points', width: 80, align: 'right' },
          { title: '检查情况', dataIndex: 'note', ellipsis: true },
          { title: '现场照片', dataIndex: 'photos', width: 150, render: (p: string[]) => <Photos urls={p} alt="现场照片" width={40} /> },
          { title: '评分人', dataIndex: 'inspectorName', width: 100, render: (n: string | null) => n ?? '—' },
          { title: '评分时间', dataIndex: 'updateTime', width: 170 },
        ],
        actionsWidth: 110,
        form: closed ? undefined : form(period, area),
        remove: closed ? undefined : { call: (s) => deleteScore(s.id), what: (s) => `${s.brandName}的“${s.ruleName}”评分`, success: '人工评分已删除' },
        permissions: { edit: 'rating.edit' },
        refreshes: [['rate']],
      }),
    [period, area, closed],
  );
  return <CrudTab spec={spec} />;
}
