/**
 * What the result screens share: the month and area they show (the URL's `period` and `selfAreaId`,
 * so a link to a month and enterprise survives a reload), the month picker, the grade's colour.
 */
import { DatePicker, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/store';
import { AreaSelect } from '../../../components/desk';

/** The month before this one: the one the job assessed last. */
const lastMonth = () => dayjs().subtract(1, 'month').format('YYYY-MM');

export function useResultQuery() {
  const [params, setParams] = useSearchParams();
  // the spec's rate/grade/{id?}/{data?}: the enterprise and the month in the path, the query's first
  const path = useParams<{ id?: string; data?: string }>();
  const raw = params.get('period') ?? path.data;
  const period = raw && /^\d{4}-\d{2}$/.test(raw) ? raw : lastMonth();
  const area = params.get('selfAreaId') ?? undefined;
  const brandId = Number(params.get('brandId') ?? path.id) || undefined;
  const set = (next: Record<string, string | undefined>) => {
    const out = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) out.set(k, v);
      else out.delete(k);
    }
    setParams(out);
  };
  return { period, area, brandId, set };
}

export function PeriodBar({ period, area, set, children }: ReturnType<typeof useResultQuery> & { children?: React.ReactNode }) {
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  return (
    <Space wrap className="rate-bar">
      <span>考核周期</span>
      <DatePicker
        picker="month"
        allowClear={false}
        value={dayjs(`${period}-01`)}
        disabledDate={(d) => d.isAfter(dayjs(), 'month')}
        onChange={(d) => d && set({ period: d.format('YYYY-MM') })}
        aria-label="考核周期"
      />
      {areaUser && (
        <>
          <span>区域</span>
          <div style={{ width: 220 }}>
            <AreaSelect value={area} onChange={(v) => set({ selfAreaId: typeof v === 'string' ? v : undefined })} placeholder="本人区域" />
          </div>
        </>
      )}
      {children}
    </Space>
  );
}

const GRADE_COLORS: Record<string, string> = { A: 'green', B: 'blue', C: 'orange', D: 'red' };
export const GradeTag = ({ grade }: { grade: string }) => <Tag color={GRADE_COLORS[grade] ?? 'default'}>{grade} 级</Tag>;

/** A change of score: +2.5 in green, −3 in red, — when the month before was not assessed. */
export function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="rate-muted">—</span>;
  if (value === 0) return <span>持平</span>;
  return <span className={value > 0 ? 'rate-up' : 'rate-down'}>{value > 0 ? `+${value}` : `${value}`}</span>;
}
