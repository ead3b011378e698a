/** The map's server data through react-query: polled every 180 s unless stopped. */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { MAP } from '../../../lib/constants';
import { dashboardKey } from '../hooks';
import { pollEvery } from './mapLogic';
import { fetchAreaRails, fetchBikes, fetchExternalStations, fetchForbidZones, fetchInit, fetchMapSites, fetchSite } from './service';
import { markOnce } from './marks';
import type { LonLat, MapSites, SiteSize } from './types';
import type { DashboardData } from '../types';

/**
 * Query keys. The init call and the default map call (50 sites round the area's centre) share the
 * screen's keys (`['home', …]`, see ../hooks.ts): one request feeds the panels and the map.
 */
export const mapKeys = {
  init: (areaId: string) => ['home', 'init', areaId] as const,
  sites: (areaId: string, size: SiteSize, anchor: LonLat | null): QueryKey =>
    size === MAP.defaultSiteSize && !anchor ? dashboardKey(areaId) : ['homeMap', areaId, 'sites', size, anchor?.lon ?? null, anchor?.lat ?? null],
  /** every site list of the area the map may hold */
  sitesOfArea: (areaId: string): QueryKey[] => [['homeMap', areaId, 'sites'], dashboardKey(areaId)],
  rails: (areaId: string) => ['homeMap', areaId, 'rails'] as const,
  forbid: (areaId: string) => ['homeMap', areaId, 'forbid'] as const,
  bikes: (areaId: string, legality: 0 | 1, brandId?: number, mold?: 1) => ['homeMap', areaId, 'bikes', legality, brandId ?? null, mold ?? null] as const,
  site: (areaId: string, siteId: string) => ['homeMap', areaId, 'site', siteId] as const,
  external: (areaId: string) => ['homeMap', areaId, 'external'] as const,
};

export function useInit(areaId: string) {
  return useQuery({ queryKey: mapKeys.init(areaId), queryFn: () => fetchInit(areaId), enabled: !!areaId, staleTime: 60_000 });
}

const sameArea = (areaId: string) => (key: QueryKey | undefined) => !!key && (key[0] === 'homeMap' ? key[1] : key[2]) === areaId;

/** The map-sites query (also prefetched by HomeMap while the map's script loads). */
export function mapSitesQuery(areaId: string, size: SiteSize, anchor: LonLat | null) {
  return {
    queryKey: mapKeys.sites(areaId, size, anchor),
    queryFn: async (): Promise<DashboardData> => {
      markOnce('sites-request');
      const data = await fetchMapSites(areaId, size, anchor ?? undefined);
      markOnce('sites-answer');
      return data;
    },
    // thousands of sites: a refresh replaces them instead of comparing them one by one
    structuralSharing: size === MAP.defaultSiteSize && !anchor,
    // fresh for a while: the map mounting right after HomeMap's prefetch does not ask again
    staleTime: 30_000,
  };
}

/** The sites and the area's status totals of one answer (both from the same moment). */
const mapShare = (d: DashboardData): MapSites => ({ list: d.map ?? [], totals: d.statistical ?? null });

export function useMapSites(areaId: string, size: SiteSize, anchor: LonLat | null, stopped: boolean) {
  const fromArea = sameArea(areaId);
  return useQuery({
    ...mapSitesQuery(areaId, size, anchor),
    select: mapShare,
    enabled: !!areaId,
    refetchInterval: (query) => pollEvery(stopped, query.state.status === 'error'),
    // keep the markers while another count is loading, never another area's
    placeholderData: (prev, prevQuery) => (fromArea(prevQuery?.queryKey) ? prev : undefined),
  });
}

export function useAreaRails(areaId: string) {
  return useQuery({ queryKey: mapKeys.rails(areaId), queryFn: () => fetchAreaRails(areaId), enabled: !!areaId, staleTime: 5 * 60_000 });
}

export function useForbidZones(areaId: string, enabled: boolean) {
  return useQuery({ queryKey: mapKeys.forbid(areaId), queryFn: () => fetchForbidZones(areaId), enabled: !!areaId && enabled, staleTime: 5 * 60_000 });
}

/** Parked bikes of a legality (0 legal: bike layer, 1 illegal: illegal-bike view), optional brand. */
export function useBikes(areaId: string, legality: 0 | 1, brandId: number | undefined, enabled: boolean, stopped: boolean) {
  const fromArea = sameArea(areaId);
  return useQuery({
    queryKey: mapKeys.bikes(areaId, legality, brandId),
    queryFn: () => fetchBikes(areaId, legality, { brandId }),
    enabled: !!areaId && enabled,
    refetchInterval: (query) => pollEvery(stopped, query.state.status === 'error'),
    placeholderData: (prev, prevQuery) => (fromArea(prevQuery?.queryKey) ? prev : undefined),
  });
}

/** One site with today's rent and return flows. */
export function useSiteDetail(areaId: string, siteId: string | null) {
  return useQuery({
    queryKey: mapKeys.site(areaId, siteId ?? ''),
    queryFn: () => fetchSite(areaId, siteId!),
    enabled: !!areaId && !!siteId,
    staleTime: 30_000,
  });
}

/**
 * The imported GBFS feeds of the area with their stations (外部站点), polled as the sites are and
 * asked again whenever the map opens (a feed imported in 区域设置 a moment ago shows at once).
 */
export function useExternalFeeds(areaId: string, stopped: boolean) {
  return useQuery({
    queryKey: mapKeys.external(areaId),
    queryFn: () => fetchExternalStations(areaId),
    enabled: !!areaId,
    refetchInterval: (query) => pollEvery(stopped, query.state.status === 'error'),
  });
}
