/**
 * 外部站点 on the home map (issue 32 point 4): the stations of the GBFS feeds imported in 区域设置 as a
 * separate, read-only layer: purple diamonds (the platform's sites are dots coloured by status) in a
 * pane of their own, carrying the bikes available from zoom 13 on (or when at most 300 are in view). Only the stations in view (and a
 * margin) are made, at most MAX_MARKERS. A click opens an info window that says the station comes from
 * an external feed and is read-only, with the feed's name, the station's bikes and docks, and when the
 * data was fetched (and, after a failed fetch, why: the last good data is what is shown).
 */
import { Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { Popup, useMap } from 'react-leaflet';
import L from './leafletSetup';
import type { ExternalFeed, ExternalStation } from './types';
import './external.css';

const PANE = 'external';
/** Above the sites (450) and the flow lines (455), below the markers (600) and popups (700). */
const PANE_Z = '458';
const MAX_MARKERS = 2000;
/** The diamonds carry their counts from this zoom, or whenever few are in view. */
const COUNT_ZOOM = 13;
const FEW = 300;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stations of every feed. */
export const externalCount = (feeds: readonly ExternalFeed[] | undefined) => (feeds ?? []).reduce((n, f) => n + f.stations.length, 0);

/** The box of every external station, or null when there is none. */
export function externalBounds(feeds: readonly ExternalFeed[] | undefined): Leaflet.LatLngBounds | null {
  const points = (feeds ?? []).flatMap((f) => f.stations.map((s) => [s.lat, s.lon] as [number, number]));
  return points.length ? L.latLngBounds(points) : null;
}

/**
 * 定位: the map fitted to the external stations (they may lie far from the area: a neighbouring city),
 * clear of the search bar and switches above and the legend below.
 */
export function fitExternal(map: Leaflet.Map | null, feeds: readonly ExternalFeed[] | undefined) {
  const box = externalBounds(feeds);
  if (map && box) map.fitBounds(box, { maxZoom: 15, paddingTopLeft: [40, 130], paddingBottomRight: [40, 110] });
}

/** 可借可还, or what is paused; unknown when the station had no status. */
function stateText(s: ExternalStation): string {
  if (s.renting === null || s.returning === null) return '未知';
  if (s.renting && s.returning) return '可借可还';
  if (!s.renting && !s.returning) return '暂停借还';
  return s.renting ? '暂停还车' : '暂停借车';
}

export function ExternalStationInfo({ feed, station }: { feed: ExternalFeed; station: ExternalStation }) {
  const n = (v: number | null, unit: string) => (v === null ? '未知' : `${v} ${unit}`);
  return (
    <div className="site-info ext-info" data-testid="external-info">
      <div className="site-info-title">
        <span className="site-info-name">{station.name}</span>
        <Tag color="purple" variant="solid">
          外部站点 · 只读
        </Tag>
      </div>
      <div className="ext-info-note">外部数据源导入，只读：不计入本平台的站点统计、调度和告警</div>
      <dl className="site-info-grid">
        <dt>数据源</dt>
        <dd className="site-info-wide ext-info-feed">
          {feed.name}（GBFS {feed.version}，{feed.source === 'url' ? '按地址自动刷新' : '文件导入'}）
        </dd>
        <dt>站点编号</dt>
        <dd className="site-info-wide">{station.id}</dd>
        <dt>可借车辆</dt>
        <dd>
          <b>{n(station.bikes, '辆')}</b>
        </dd>
        <dt>可还车位</dt>
        <dd>
          <b>{n(station.docks, '个')}</b>
        </dd>
        <dt>容量</dt>
        <dd>{station.capacity ?? '—'}</dd>
        <dt>状态</dt>
        <dd>{stateText(station)}</dd>
        <dt>上报时间</dt>
        <dd className="site-info-wide">{station.reportTime ?? '—'}</dd>
        <dt>获取时间</dt>
        <dd className="site-info-wide">{feed.fetchTime}</dd>
      </dl>
      {feed.lastError && (
        <div className="ext-info-error">
          最近一次获取失败（{feed.lastErrorTime}）：{feed.lastError}。以上是 {feed.fetchTime} 获取的数据。
        </div>
      )}
    </div>
  );
}

interface Picked {
  feedId: number;
  stationId: string;
}

/** The diamonds of the stations in view, made again after each move; a click picks one. */
function useMarkers(map: Leaflet.Map, feeds: readonly ExternalFeed[] | undefined, visible: boolean, onPick: (p: Picked) => void) {
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!visible || !feeds?.length) return;
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = PANE_Z;
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      group.clearLayers();
      const view = map.getBounds().pad(0.2);
      const shown: [ExternalFeed, ExternalStation][] = [];
      for (const f of feeds) for (const s of f.stations) if (shown.length < MAX_MARKERS && view.contains([s.lat, s.lon])) shown.push([f, s]);
      const counts = map.getZoom() >= COUNT_ZOOM || shown.length <= FEW;
      for (const [f, s] of shown) {
        const bikes = s.bikes === null ? '?' : String(s.bikes);
        const kind = `home-map-ext${counts ? ' home-map-ext-count' : ''}${s.bikes === 0 ? ' home-map-ext-empty' : ''}`;
        const icon = L.divIcon({ className: kind, iconSize: counts ? [24, 24] : [12, 12], html: counts ? `<i></i><b>${bikes}</b>` : '<i></i>' });
        const m = L.marker([s.lat, s.lon], { icon, pane: PANE, keyboard: false, riseOnHover: true });
        m.bindTooltip(`${escapeHtml(s.name)} · 可借 ${bikes} · 外部站点（${escapeHtml(f.name)}）`, {
          direction: 'top',
          offset: [0, -8],
          className: 'home-map-tip',
        });
        m.on('click', () => {
          m.closeTooltip();
          pick.current({ feedId: f.id, stationId: s.id });
        });
        group.addLayer(m);
        m.getElement()?.setAttribute('aria-label', `外部站点 ${s.name}`);
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      group.remove();
    };
  }, [map, feeds, visible]);
}

/** The layer and its info window; rendered inside the map (react-leaflet's context). */
export default function ExternalLayer({ feeds, visible }: { feeds: readonly ExternalFeed[] | undefined; visible: boolean }) {
  const map = useMap();
  const [picked, setPicked] = useState<Picked | null>(null);
  useMarkers(map, feeds, visible, setPicked);
  const feed = feeds?.find((f) => f.id === picked?.feedId);
  const station = feed?.stations.find((s) => s.id === picked?.stationId);
  if (!visible || !feed || !station) return null;
  return (
    <Popup
      key={`${feed.id}/${station.id}`}
      position={[station.lat, station.lon]}
      className="home-map-popup"
      minWidth={320}
      maxWidth={380}
      offset={[0, -8]}
      eventHandlers={{ remove: () => setPicked(null) }}
    >
      <ExternalStationInfo feed={feed} station={station} />
    </Popup>
  );
}
