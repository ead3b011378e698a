/**
 * History loading (the demo city's back-fill after a first start): GET /api/health says whether it is
 * loading and up to which time its data has arrived. Until it is done the big screen says so on a
 * banner, and "today" figures that cannot be right yet say 载入中 instead of a number of the past.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/request';
import type { Data } from '../../api/types';

export type HistoryProgress = Data<'/api/health'>['history'];

/** Asked every 5 s while loading, every minute otherwise (a load starts only with a new database). */
const EVERY_MS = { loading: 5_000, idle: 60_000 };

export function useHistoryLoad(): HistoryProgress | undefined {
  const q = useQuery({
    queryKey: ['health', 'history'],
    queryFn: async () => (await api.get('/health')).history,
    refetchInterval: (query) => (query.state.data?.loading ? EVERY_MS.loading : EVERY_MS.idle),
    refetchIntervalInBackground: false,
  });
  return q.data;
}

/** True while history is loading: a figure of "today" would show a moment of the past as now. */
export const historyLoading = (h: HistoryProgress | undefined): boolean => h?.loading === true;

/** The banner's words: what is loading, how far, and what the screen shows meanwhile. */
function historyBannerText(h: HistoryProgress): { title: string; detail: string } {
  const title = h.reached ? `正在载入历史数据…… 已载入至 ${h.reached.slice(0, 16)}（${h.percent ?? 0}%）` : '正在载入历史数据…… 准备中';
  const detail = h.reached
    ? `载入 ${h.from?.slice(0, 10)} 至 ${h.to?.slice(0, 16)} 的数据。完成前，大屏上的消息、告警与站点状态停在“已载入至”的时刻，并非当前实况；今日数字暂不显示。`
    : '正在备案演示车辆，随后载入近期历史数据。完成前，大屏上的数字、消息与告警并非当前实况。';
  return { title, detail };
}

export default function HistoryBanner() {
  const history = useHistoryLoad();
  if (!history || !historyLoading(history)) return null;
  const { title, detail } = historyBannerText(history);
  return (
    <div className="dash-history" role="status" data-testid="history-banner">
      <strong>{title}</strong>
      <span>{detail}</span>
      {history.percent !== null && (
        <div className="dash-history-bar" aria-hidden>
          <i style={{ width: `${history.percent}%` }} />
        </div>
      )}
    </div>
  );
}
