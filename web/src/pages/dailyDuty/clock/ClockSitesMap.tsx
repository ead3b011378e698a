/**
 * The clock sites of the list's filters on a map above the list (issue 28 point 3): each a point with
 * its range (radius in metres) drawn around it and its name beside it, its enterprise and site on hover; a click picks
 * its row, a row clicked centres its site. The points come from one read of up to 1,000 under the
 * list's key, so 刷新 and a write load them again. No tiles here: vector layers on a plain background.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import type { CrudKit } from '../../../components/desk';
import type { LonLat, MapCircle } from '../../../components/deskMap/types';
import { rangeBox } from './geo';
import { fetchClockSites } from './service';
import type { ClockSite, ClockSiteKey } from './types';

const DeskMap = lazy(() => import('../../../components/deskMap/DeskMap'));

/** The most points one read draws (the contract's page size for the map). */
const MAP_SIZE = 1000;
const COLOR = '#1677ff';
const FOCUS = '#fa541c';

/** A site's hover text: its name, enterprise, radius and site. */
const tipOf = (s: ClockSite) => [s.name, `${s.brandName ?? '全部企业'} · 半径 ${s.radius} 米`, ...(s.siteName ? [`站点：${s.siteName}`] : [])].join('\n');

/** A stable key of a box, so a refetch of the same points does not move the view. */
const keyOf = (box: LonLat[] | null) => (box ?? []).map((c) => `${c.lon.toFixed(6)},${c.lat.toFixed(6)}`).join(';');
const boxOfKey = (key: string): LonLat[] | null =>
  key
    ? key.split(';').map((c) => {
        const [lon, lat] = c.split(',').map(Number);
        return { lon, lat };
      })
    : null;

export default function ClockSitesMap({ kit, focus, pick }: { kit: CrudKit<ClockSite>; focus: ClockSite | null; pick: (s: ClockSite) => void }) {
  const filters = kit.filters as Partial<Record<ClockSiteKey, string>>;
  // under the list's key ('desk', 'clockSites'): 刷新 and a write load the points again
  const q = useQuery({
    queryKey: ['desk', 'clockSites', 'map', filters],
    queryFn: () => fetchClockSites({ ...filters, currentPage: 1, pageSize: MAP_SIZE }),
  });
  const sites = useMemo(() => q.data?.lists ?? [], [q.data]);
  const circles = useMemo<MapCircle[]>(
    () =>
      sites.map((s) => {
        const on = s.id === focus?.id;
        return {
          id: String(s.id),
          lon: s.lon,
          lat: s.lat,
          radius: on ? 8 : 6,
          color: on ? FOCUS : COLOR,
          metres: s.radius,
          selected: on,
          label: tipOf(s),
          name: s.name,
        };
      }),
    [sites, focus],
  );
  const allKey = useMemo(() => keyOf(rangeBox(sites)), [sites]);
  const focusKey = focus ? keyOf(rangeBox([focus])) : '';
  const fit = useMemo(() => boxOfKey(focusKey || allKey), [focusKey, allKey]);
  const total = q.data?.total ?? 0;
  return (
    <div className="duty-map" data-testid="clock-site-map">
      <div className="duty-map-head">
        <Typography.Text type="secondary">点击地图上的打卡点选中其所在行，点击列表中的行在地图上定位；虚线圆为打卡范围。</Typography.Text>
        <Typography.Text>
          共 {total} 个打卡点{total > sites.length ? `，地图只画出前 ${sites.length} 个` : ''}
        </Typography.Text>
      </div>
      <Suspense fallback={<Spin className="duty-map-loading" />}>
        <DeskMap
          // no centre: the area's fences until the fit frames the sites
          areaId={filters.selfAreaId}
          backdrop={{ zones: false }}
          height={400}
          circles={circles}
          onCircle={(id) => {
            const s = sites.find((x) => String(x.id) === id);
            if (s) pick(s);
          }}
          fit={fit}
        />
      </Suspense>
    </div>
  );
}
