/** Hooks shared by the home screen's panels: the area shown, permissions, polling and the main calls. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session/store';
import { MAP, REFRESH_MS } from '../../lib/constants';
import { can } from '../../lib/permission';
import { useHomeStore } from './homeStore';
import { fetchDashboard, fetchInit } from './service';

/**
 * The area the screen shows: the one picked in the area side bar, else the user's selfAreaId
 * ('' for users below level 2, who send no selfAreaId). `ready` is false while logged out.
 */
export function useHomeArea() {
  const token = useSession((s) => s.authorization);
  const selfAreaId = useSession((s) => s.selfAreaId);
  const userLevel = useSession((s) => s.user?.userLevel ?? 0);
  const selected = useHomeStore((s) => s.selectedAreaId);
  const area = userLevel >= 2 ? selected || selfAreaId : '';
  return { area, ready: Boolean(token), userLevel };
}

/** The refetch interval for a panel: none while a map info window is open (spec §4 Map). */
export function usePoll(ms: number): number | false {
  const paused = useHomeStore((s) => s.infoWindowOpen);
  return paused ? false : ms;
}

/** Polling options of every home query: the §9 interval, and none in a hidden tab. */
export function usePolling(ms: number) {
  const refetchInterval = usePoll(ms);
  return { refetchInterval, refetchIntervalInBackground: false } as const;
}

/** /api/dashboard/init of the area shown: its name, aggregation, full-pile value and brands. */
export function useInit() {
  const { area, ready } = useHomeArea();
  const polling = usePolling(REFRESH_MS.mapAndRing);
  return useQuery({ queryKey: ['home', 'init', area], queryFn: () => fetchInit(area), enabled: ready, ...polling });
}

/** The main dashboard call starts REFRESH_MS.dashboardDelay after the screen (spec §9). */
function useDelayed(ms: number): boolean {
  const [go, setGo] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setGo(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return go;
}

/** Query key of the main dashboard call with the default map size (the map may share it). */
export const dashboardKey = (area: string) => ['home', 'dashboard', area, MAP.defaultSiteSize] as const;

/**
 * GET /api/dashboard/get (statistical counters, brand figures, latest site messages). Each panel
 * observes it at its own §9 interval: the ring at 180 s, the dispatch guide at 160 s.
 */
export function useDashboard(intervalMs: number) {
  const { area, ready } = useHomeArea();
  const delayed = useDelayed(REFRESH_MS.dashboardDelay);
  const polling = usePolling(intervalMs);
  return useQuery({
    queryKey: dashboardKey(area),
    queryFn: () => fetchDashboard(area, { limit: MAP.defaultSiteSize }),
    enabled: ready && delayed,
    ...polling,
  });
}

/** Permission flags of the home screen (spec §6), from the stored permission list. */
export function useHomePermissions() {
  const permissions = useSession((s) => s.permissions);
  return {
    ring: can(permissions, 'home.totalRing'),
    siteRank: can(permissions, 'home.siteRank'),
    trend: can(permissions, 'home.totalTrend'),
    fullPile: can(permissions, 'home.fullPile'),
    export: can(permissions, 'home.export'),
    /** 异常列表 menu: the alert calls need it */
    warn: can(permissions, 'warn'),
    /** 站点管理 menu: site lists and magnify groups */
    sites: can(permissions, 'deviceManagement'),
    siteEdit: can(permissions, 'site.edit'),
    /** 企业管理 menu: enterprise detail with file checks */
    company: can(permissions, 'companyManagement'),
  };
}
