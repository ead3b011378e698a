/**
 * State the home big screen shares between its panels, its dialogs and the map
 * (`map/HomeMap.tsx`, built separately). Not persisted: a reload starts from the user's own area.
 *
 * - selectedAreaId: the area the screen shows ('' = the user's own area, sent without selfAreaId).
 * - focusSiteId: a panel asks the map to locate this site (zoom 18, open nothing); the map may
 *   clear it with focusSite(null) once done. `focusSeq` changes on every request so that asking
 *   for the same site twice still moves the map. `focusFlow`: with it, the map then shows that
 *   site's flow map of the day (1 rent, 2 return; a desk screen's link).
 * - infoWindowOpen: the map sets this while a site info window is open; every panel stops polling.
 * - siteAction: the map's info window asks the screen to open one of its dialogs (click types of
 *   spec §2 "Map info window": 1 bike list, 2 usage curve, 3 site messages, 4 ratio edit).
 *   Type 5 (delete site) belongs to the map itself.
 */
import { create } from 'zustand';

type SiteActionType = 1 | 2 | 3 | 4;

export interface SiteAction {
  type: SiteActionType;
  siteId: string;
  siteName?: string;
  /** type 1: 0 bicycle, 1 e-bike; absent for all */
  bikeType?: 0 | 1;
  /** type 1: only this brand's bikes */
  brandId?: number;
}

export interface HomeState {
  selectedAreaId: string;
  focusSiteId: string | null;
  focusSeq: number;
  focusFlow: 1 | 2 | null;
  infoWindowOpen: boolean;
  siteAction: SiteAction | null;
  selectArea: (areaId: string) => void;
  focusSite: (siteId: string | null, flow?: 1 | 2 | null) => void;
  setInfoWindowOpen: (open: boolean) => void;
  requestSiteAction: (action: SiteAction | null) => void;
  reset: () => void;
}

const initial = { selectedAreaId: '', focusSiteId: null, focusSeq: 0, focusFlow: null, infoWindowOpen: false, siteAction: null };

export const useHomeStore = create<HomeState>()((set) => ({
  ...initial,
  // 切换区域：清空定位、信息窗和待开的弹窗
  selectArea: (areaId) => set({ selectedAreaId: areaId, focusSiteId: null, infoWindowOpen: false, siteAction: null }),
  focusSite: (siteId, flow = null) => set((s) => ({ focusSiteId: siteId, focusFlow: siteId ? flow : null, focusSeq: siteId ? s.focusSeq + 1 : s.focusSeq })),
  setInfoWindowOpen: (open) => set({ infoWindowOpen: open }),
  requestSiteAction: (action) => set({ siteAction: action }),
  reset: () => set(initial),
}));
