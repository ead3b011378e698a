import { useQuery } from '@tanstack/react-query';
import { brandShortName } from '../../../../lib/brand';
import { REFRESH_MS } from '../../../../lib/constants';
import { openDialog } from '../../dialogs/dialogStore';
import { useHomeArea, usePolling } from '../../hooks';
import { Figure, ShareBar } from '../../parts/bits';
import { distinctColors } from '../../parts/chart';
import QueryState from '../../parts/QueryState';
import { fetchBikeNotUpload } from '../../service';

/** 未上传数据车辆: filed bikes silent for STALE_HOURS per brand (GET /api/dashboard/bikeNotUpload). */
export default function NotUploadTab() {
  const { area, ready } = useHomeArea();
  const polling = usePolling(REFRESH_MS.mapAndRing);
  const q = useQuery({ queryKey: ['home', 'bikeNotUpload', area], queryFn: () => fetchBikeNotUpload(area), enabled: ready, ...polling });
  const rows = Object.values(q.data ?? {}).sort((a, b) => b.count - a.count || a.brandId - b.brandId);
  const total = rows.reduce((t, r) => t + r.count, 0);
  const max = Math.max(0, ...rows.map((r) => r.count));
  const colors = distinctColors(rows.map(() => null));
  return (
    <QueryState query={q} empty={rows.length === 0} emptyText="暂无品牌数据">
      <div className="tm-notupload" data-testid="not-upload">
        <div className="tm-figures">
          <Figure label="未上传数据车辆合计" value={total} unit="辆" testId="fig-notUploadTotal" onClick={() => openDialog({ kind: 'notUpload' })} />
        </div>
        <ul className="tm-bars">
          {rows.map((r, i) => (
            <li key={r.brandId}>
              <button type="button" className="hp-link tm-bars-name" title={r.brandName} onClick={() => openDialog({ kind: 'notUpload', brandId: r.brandId })}>
                {brandShortName(r.brandName)}
              </button>
              <ShareBar value={r.count} max={max} color={colors[i]} />
              <b data-testid={`not-upload-${r.brandId}`}>{r.count}</b>
            </li>
          ))}
        </ul>
      </div>
    </QueryState>
  );
}
