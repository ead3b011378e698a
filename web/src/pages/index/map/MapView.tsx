/**
 * The home map (lazily loaded with Leaflet): sites coloured by fill status on one canvas with their
 * names where they fit (zoom 14 on), the area's operating fences and sites' extent, forbidden
 * zones, site fences from zoom 17, bikes, illegal bikes, heat map, flow maps, polygon counts,
 * imported GBFS stations (外部站点, ./ExternalLayer.tsx), search and the per-site info window. With 处理工单, 派单 from a site's info window and, on a
 * right-click, 在此派单 at that point (the map's LatLngs are GCJ-02, what the sites store). The view fits the area's sites when the area opens. Polls
 * every 180 s unless an info window is open or the screen pauses it.
 */
import { ConfigProvider, Modal, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { MapContainer, Popup, ScaleControl, ZoomControl } from 'react-leaflet';
import { toast } from '../../../app/feedback';
import { useSession } from '../../../app/session/store';
import { MAP } from '../../../lib/constants';
import { can } from '../../../lib/permission';
import MapTiles from '../../../components/mapTiles/MapTiles';
import NewOrderDialog, { type OrderTarget } from '../../../components/workOrder/NewOrderDialog';
import { tileSetup } from '../../../components/mapTiles/tiles';
import { useHomeStore } from '../homeStore';
import { FlowBanner, PolygonPanel, panelBoxes } from './MapOverlays';
import MapLegend, { showsAll } from './MapLegend';
import MapToolbar, { type IllegalChoice, type Toggles } from './MapToolbar';
import PointOrderMenu, { usePointMenu } from './PointOrderMenu';
import SiteInfoWindow, { type SiteClick } from './SiteInfoWindow';
import { useAreaOutline } from './areaOutline';
import { canvasSupported, useBoundaries, useFlowLayer, useFocusMarkers, useHeatLayer, usePointsLayer, useSiteFences } from './layers';
import L from './leafletSetup';
import { buildFlowLines, extentBox, hasArea, siteRadius, zoomForSize } from './mapLogic';
import { bikePoints, sitePoints } from './points';
import { loadSize, saveSize } from './sizeChoice';
import type { FoundSite, LonLat, SearchData, SiteSize } from './types';
import { useAreaRails, useBikes, useExternalFeeds, useForbidZones, useInit, useMapSites, useSiteDetail } from './useMapData';
import ExternalLayer, { externalCount, fitExternal } from './ExternalLayer';
import { useMapSearch, type SearchOptions } from './useMapSearch';
import { useAreaView } from './useAreaView';
import { useDeleteSite } from './useDeleteSite';
import { useCanvasPointer } from './usePointer';
import { usePolygonCounts } from './usePolygonCounts';
import { markOnce } from './marks';
import './homeMap.css';
import './mapPopups.css';

markOnce('module');

export interface MapViewProps {
  areaId: string;
  paused?: boolean;
}

interface Located {
  siteId: string;
  lat: number;
  lon: number;
}
type Mode =
  { kind: 'main' } | { kind: 'flow'; type: 1 | 2; siteId: string; siteName: string; lat: number; lon: number; back: { center: Leaflet.LatLng; zoom: number } };

/** Site names are drawn from this zoom on, where they fit (./labels.ts). */
const LABEL_MIN_ZOOM = 14;

const NO_TOGGLES: Toggles = { bikes: false, fences: true, heat: false, draw: false, external: true };

export default function MapView({ areaId, paused = false }: MapViewProps) {
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const [modal, modalHolder] = Modal.useModal();
  const permissions = useSession((s) => s.permissions);
  const ratioSites = useSession((s) => s.ratioSites);
  const patchSession = useSession((s) => s.patch);
  const requestSiteAction = useHomeStore((s) => s.requestSiteAction);
  const boundSiteId = useSession((s) => s.user?.siteId ?? '');
  const infoWindowOpen = useHomeStore((s) => s.infoWindowOpen);
  const setInfoWindowOpen = useHomeStore((s) => s.setInfoWindowOpen);
  const focusSiteId = useHomeStore((s) => s.focusSiteId);
  const focusSeq = useHomeStore((s) => s.focusSeq);
  const focusFlow = useHomeStore((s) => s.focusFlow);
  const focusSite = useHomeStore((s) => s.focusSite);

  const [size, setSize] = useState<SiteSize>(loadSize);
  const [anchor, setAnchor] = useState<LonLat | null>(null);
  const [toggles, setToggles] = useState<Toggles>(NO_TOGGLES);
  const [illegal, setIllegal] = useState<IllegalChoice>('off');
  const [mode, setMode] = useState<Mode>({ kind: 'main' });
  const [info, setInfo] = useState<Located | null>(null);
  const [focus, setFocus] = useState<Located | null>(null);
  const [bikeMark, setBikeMark] = useState<LonLat | null>(null);
  const [results, setResults] = useState<FoundSite[]>([]);
  const [ordering, setOrdering] = useState<OrderTarget | null>(null);
  const popup = useRef<Leaflet.Popup>(null);
  const viewedArea = useRef('');

  const stopped = paused || infoWindowOpen;
  const init = useInit(areaId);
  const sites = useMapSites(areaId, size, anchor, stopped);
  const rails = useAreaRails(areaId);
  const zones = useForbidZones(areaId, toggles.fences);
  const bikes = useBikes(areaId, 0, undefined, toggles.bikes && mode.kind === 'main', stopped);
  const illegalBrand = typeof illegal === 'number' ? illegal : undefined;
  const illegalBikes = useBikes(areaId, 1, illegalBrand, illegal !== 'off' && mode.kind === 'main', stopped);
  const flowSite = useSiteDetail(areaId, mode.kind === 'flow' ? mode.siteId : null);
  const external = useExternalFeeds(areaId, stopped);
  const externalFeeds = areaId ? external.data : undefined;

  const siteList = areaId ? sites.data?.list : undefined;
  const siteTotals = (areaId && sites.data?.totals) || null;
  const brands = useMemo(() => init.data?.brands ?? [], [init.data]);

  // the view fits the area's sites before they are drawn (one drawing of them, at the fitted view)
  useAreaView(
    map,
    areaId,
    size,
    { init: init.data, sites: siteList, sitesFailed: sites.isError, rails: rails.data, railsPending: rails.isPending },
    viewedArea,
  );

  // ---- layers ----
  const siteData = useMemo(() => sitePoints(siteList), [siteList]);
  const showSites = mode.kind === 'main' && !toggles.heat;
  const onSitesDrawn = useCallback((drawn: number, total: number, labels: number) => {
    const el = wrap.current;
    if (!el) return;
    // data-drawn-at: when a new number of sites was first drawn (ms since navigation start)
    if (total > 0 && el.dataset.siteCount !== String(total)) el.dataset.drawnAt = String(Math.round(performance.now()));
    el.dataset.siteCount = String(total);
    el.dataset.sitesDrawn = String(drawn);
    el.dataset.labelsDrawn = String(labels);
    if (total > 0) markOnce('sites-drawn');
  }, []);
  const siteLayer = usePointsLayer(
    map,
    'sites',
    { radius: siteRadius, outline: 'rgba(0, 10, 30, 0.75)', labelMinZoom: LABEL_MIN_ZOOM, labelAvoid: () => panelBoxes(wrap.current), onDrawn: onSitesDrawn },
    siteData.points,
    showSites,
  );
  const bikeData = useMemo(() => bikePoints(areaId ? bikes.data : undefined, brands, false), [areaId, bikes.data, brands]);
  const bikeLayer = usePointsLayer(map, 'bikes', { radius: (z) => (z >= 17 ? 4 : z >= 15 ? 3 : 2) }, bikeData.points, toggles.bikes && mode.kind === 'main');
  const illegalData = useMemo(() => bikePoints(areaId ? illegalBikes.data : undefined, brands, true), [areaId, illegalBikes.data, brands]);
  const illegalLayer = usePointsLayer(
    map,
    'illegal',
    { radius: (z) => (z >= 17 ? 5 : z >= 15 ? 4 : 3), outline: '#ffffff' },
    illegalData.points,
    illegal !== 'off' && mode.kind === 'main',
  );
  const allShown = showsAll(size, siteList?.length ?? 0, siteTotals);
  const railList = areaId ? rails.data : undefined;
  const extent = areaId ? init.data?.area.extent : undefined;
  // the sites' extent where the markers do not show it: not all shown, or no operating fence
  const showExtent = !allShown || !railList?.some((r) => r.gpsRail?.length >= 3);
  useAreaOutline(map, railList, extent, showExtent && mode.kind === 'main');
  useBoundaries(map, areaId ? zones.data : undefined, toggles.fences);
  useSiteFences(map, siteList, toggles.fences && showSites);
  useHeatLayer(map, siteList, toggles.heat && mode.kind === 'main');
  useFocusMarkers(map, mode.kind === 'main' ? focus : null, mode.kind === 'main' ? bikeMark : null);
  const flowLines = useMemo(() => {
    if (mode.kind !== 'flow' || !flowSite.data) return null;
    const s = flowSite.data;
    return buildFlowLines({ lon: s.siteLon, lat: s.siteLat }, mode.type === 1 ? s.rentBike : s.returnBike, mode.type);
  }, [mode, flowSite.data]);
  const flowCentre = useMemo(() => (mode.kind === 'flow' ? { lat: mode.lat, lon: mode.lon } : null), [mode]);
  useFlowLayer(map, flowLines, mode.kind === 'flow' ? mode.type : 1, flowCentre);

  // ---- info window and polling ----
  useEffect(() => {
    setInfoWindowOpen(!!info);
  }, [info, setInfoWindowOpen]);
  useEffect(() => () => setInfoWindowOpen(false), [setInfoWindowOpen]);
  const closeInfo = useCallback(() => setInfo(null), []);

  /** Fly to a site (zoom 18), ring it, and open its info window when asked. */
  const locate = useCallback(
    (site: { siteId: string; siteLat: number; siteLon: number }, opts: { open?: boolean; bike?: LonLat | null } = {}) => {
      if (!map) return;
      viewedArea.current = areaId;
      const target = { siteId: site.siteId, lat: site.siteLat, lon: site.siteLon };
      setMode({ kind: 'main' });
      setResults([]);
      setFocus(target);
      setBikeMark(opts.bike ?? null);
      setInfo(null);
      const open = () => opts.open && setInfo(target);
      const dest = L.latLng(target.lat, target.lon);
      if (map.getZoom() === MAP.selectedSiteZoom && map.getCenter().distanceTo(dest) < 1) open();
      else {
        map.once('moveend', open);
        map.flyTo(dest, MAP.selectedSiteZoom, { duration: 0.8 });
      }
    },
    [map, areaId],
  );

  // ---- area change: reset and re-poll; no area: an empty map ----
  useEffect(() => {
    setInfo(null);
    setFocus(null);
    setBikeMark(null);
    setResults([]);
    setMode({ kind: 'main' });
    setAnchor(null);
    setIllegal('off');
    setToggles((t) => ({ ...t, draw: false }));
  }, [areaId]);
  // ---- search ----
  const onFound = useCallback(
    (data: SearchData, opts: SearchOptions) => {
      const exact = data.lists.length === 1 || data.bike ? data.lists[0] : undefined;
      const bike = data.bike ? { lon: data.bike.bikeLon, lat: data.bike.bikeLat } : null;
      if (exact && opts.flow && map) {
        locate(exact, { open: false });
        const back = { center: map.getCenter(), zoom: map.getZoom() };
        setMode({ kind: 'flow', type: opts.flow, siteId: exact.siteId, siteName: exact.siteName, lat: exact.siteLat, lon: exact.siteLon, back });
      } else if (exact) locate(exact, { open: opts.open ?? true, bike });
      else {
        setInfo(null);
        setResults(data.lists);
      }
    },
    [locate, map],
  );
  const search = useMapSearch(areaId, onFound);
  const runSearch = search.run;

  // a user bound to one site is searched to it at start
  const boundDone = useRef('');
  useEffect(() => {
    if (!map || !areaId || !boundSiteId || boundDone.current === `${areaId}/${boundSiteId}`) return;
    boundDone.current = `${areaId}/${boundSiteId}`;
    void runSearch(2, boundSiteId);
  }, [map, areaId, boundSiteId, runSearch]);

  // another panel asks to locate a site (zoom 18, no info window)
  useEffect(() => {
    if (!map || !focusSiteId || !areaId) return;
    const known = siteList?.find((s) => s.siteId === focusSiteId);
    // asked with a flow map (#/index?siteId=…&flow=1|2): searched, then the site's flow map of the day
    if (known && !focusFlow) locate(known);
    else void search.run(2, focusSiteId, { open: false, flow: focusFlow ?? undefined });
    focusSite(null);
    // focusSeq: the same site asked for twice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, focusSiteId, focusSeq, areaId]);

  // ---- clicks and hover on the canvases ----
  useCanvasPointer(
    map,
    {
      sites: { layer: siteLayer, items: siteData.sites },
      bikes: { layer: bikeLayer, items: bikeData.bikes },
      illegal: { layer: illegalLayer, items: illegalData.bikes },
      drawing: toggles.draw,
      infoOpen: !!info,
    },
    (site) => setInfo({ siteId: site.siteId, lat: site.siteLat, lon: site.siteLon }),
  );

  useEffect(() => {
    if (map) markOnce('map');
  }, [map]);

  // ---- 在此派单: a right-click on the map (not while drawing or on a flow map) ----
  const canOrder = can(permissions, 'workOrder.handle');
  const menuOn = !!map && canOrder && !!areaId && mode.kind === 'main' && !toggles.draw;
  const [pointMenu, closePointMenu] = usePointMenu(map, menuOn);

  // keep the map sized to its box (the big screen scales with the window)
  useEffect(() => {
    if (!map || !wrap.current || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    ro.observe(wrap.current);
    return () => ro.disconnect();
  }, [map]);

  // ---- toolbar ----
  const chooseSize = (s: SiteSize) => {
    setSize(s);
    saveSize(s);
    if (map) {
      const c = map.getCenter();
      setAnchor(s === 0 ? null : { lon: Math.round(c.lng * 1e6) / 1e6, lat: Math.round(c.lat * 1e6) / 1e6 });
      map.setView(c, zoomForSize(s));
    }
  };
  const toggle = (key: keyof Toggles) => {
    if (key === 'heat' && !toggles.heat && !canvasSupported()) {
      toast().warning('当前浏览器不支持 canvas，无法显示热力图');
      return;
    }
    if (key === 'draw' && !toggles.draw) {
      setInfo(null);
      toast().info('在地图上依次点击画出多边形，点击第一个点结束');
    }
    setToggles((t) => ({ ...t, [key]: !t[key] }));
  };

  // ---- polygon counts ----
  const drawDone = useCallback(() => setToggles((t) => ({ ...t, draw: false })), []);
  const polygon = usePolygonCounts(map, areaId, siteList, toggles.draw, drawDone);
  const clearPolygon = () => {
    modal.confirm({ title: '温馨提示', content: '确定清除绘制的多边形吗？', okText: '确定', cancelText: '取消', onOk: polygon.clear });
  };

  const confirmDelete = useDeleteSite(areaId, modal, (siteId) => {
    setInfo(null);
    setFocus((f) => (f?.siteId === siteId ? null : f));
  });

  // ---- info-window click types: 1-4 open the screen's dialogs (homeStore.siteAction), 5 is ours ----
  const onSiteClick = (click: SiteClick, site: { siteId: string; siteName: string; areaId: string }) => {
    const { siteId, siteName } = site;
    if (click.type === 1) requestSiteAction({ type: 1, siteId, siteName, bikeType: click.bikeType, brandId: click.brandId });
    else if (click.type === 2 || click.type === 3) requestSiteAction({ type: click.type, siteId, siteName });
    else if (click.type === 4) {
      // ticked: the site joins the site ratio list and its ratio dialog opens; unticked: it leaves the list
      if (click.checked) requestSiteAction({ type: 4, siteId, siteName });
      else patchSession({ ratioSites: ratioSites.filter((r) => r.siteId !== siteId) });
    } else if (click.type === 'flow' && map && info) {
      setMode({
        kind: 'flow',
        type: click.flowMapType,
        siteId: site.siteId,
        siteName: site.siteName,
        lat: info.lat,
        lon: info.lon,
        back: { center: map.getCenter(), zoom: map.getZoom() },
      });
      setInfo(null);
    } else if (click.type === 5) confirmDelete(site);
    else if (click.type === 'order') setOrdering({ kind: 'site', siteId, siteName, flag: click.flag, brandIds: click.brandIds });
  };
  const backToMain = () => {
    if (mode.kind === 'flow' && map) map.setView(mode.back.center, mode.back.zoom);
    setMode({ kind: 'main' });
  };

  // the configured tiles and the projection laying the GCJ-02 layers on them (the desk maps read the same)
  const { tiles, crs } = tileSetup();
  const canDelete = can(permissions, 'home.siteDelete');
  const updatePopup = useCallback(() => popup.current?.update(), []);
  return (
    <ConfigProvider locale={zhCN} theme={{ algorithm: theme.darkAlgorithm, token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <div
        className="home-map"
        ref={wrap}
        data-testid="home-map"
        data-area-id={areaId}
        data-site-size={size}
        data-focus-site={focus?.siteId ?? ''}
        data-mode={mode.kind === 'flow' ? `flow-${mode.type}` : toggles.heat ? 'heat' : 'sites'}
      >
        <MapContainer
          ref={setMap}
          className="home-map-canvas"
          crs={crs}
          center={[MAP.center.lat, MAP.center.lon]}
          zoom={zoomForSize(size)}
          minZoom={3}
          maxZoom={19}
          preferCanvas
          zoomControl={false}
          attributionControl={false}
          worldCopyJump={false}
        >
          <MapTiles tiles={tiles} />
          <ExternalLayer feeds={externalFeeds} visible={toggles.external && mode.kind === 'main'} />
          <ZoomControl position="bottomright" zoomInTitle="放大" zoomOutTitle="缩小" />
          <ScaleControl position="bottomright" imperial={false} />
          {info && (
            <Popup
              key={info.siteId}
              ref={popup}
              position={[info.lat, info.lon]}
              className="home-map-popup"
              minWidth={340}
              maxWidth={380}
              autoPanPaddingTopLeft={[24, 120]}
              autoPanPaddingBottomRight={[24, 60]}
              offset={[0, -6]}
              eventHandlers={{ remove: closeInfo }}
            >
              <SiteInfoWindow
                areaId={areaId}
                siteId={info.siteId}
                canDelete={canDelete}
                canOrder={canOrder}
                inRatioList={ratioSites.some((r) => r.siteId === info.siteId)}
                onClick={onSiteClick}
                onResize={updatePopup}
              />
            </Popup>
          )}
        </MapContainer>
        {mode.kind === 'main' ? (
          <MapToolbar
            disabled={!areaId}
            searching={search.busy}
            onSearch={(type, text) => void search.run(type, text)}
            results={results}
            onPickResult={(s) => locate(s, { open: true })}
            onCloseResults={() => setResults([])}
            size={size}
            onSize={chooseSize}
            toggles={toggles}
            onToggle={toggle}
            illegal={illegal}
            onIllegal={setIllegal}
            brands={brands}
            bikeCount={bikes.data?.length}
            illegalCount={illegalBikes.data?.length}
            externalCount={externalCount(externalFeeds)}
          />
        ) : (
          <FlowBanner siteName={mode.siteName} type={mode.type} count={flowLines?.length ?? 0} loading={flowSite.isLoading} onBack={backToMain} />
        )}
        {mode.kind === 'main' && (
          <MapLegend
            sites={siteList}
            totals={siteTotals}
            size={size}
            loading={!!areaId && sites.isFetching}
            lines={{
              fence: !!railList?.some((r) => r.gpsRail?.length >= 3),
              extent: showExtent && hasArea(extentBox(extent)),
              forbid: toggles.fences && !!zones.data?.length,
            }}
            external={toggles.external ? { stations: externalCount(externalFeeds), onLocate: () => fitExternal(map, externalFeeds) } : undefined}
          />
        )}
        {polygon.counts && <PolygonPanel counts={polygon.counts} onClear={clearPolygon} />}
        {!areaId && <div className="home-map-empty">未选择区域，地图暂无数据</div>}
        {pointMenu && (
          <PointOrderMenu
            menu={pointMenu}
            onPick={(p) => {
              // the district shown is the order's area; above a district the regulator picks one
              setOrdering({ kind: 'point', ...p, areaId: init.data?.area.level === 3 ? areaId : undefined });
              closePointMenu();
            }}
          />
        )}
        {ordering && <NewOrderDialog target={ordering} brands={brands} brandsLoading={init.isLoading} onClose={() => setOrdering(null)} />}
        {modalHolder}
      </div>
    </ConfigProvider>
  );
}
