/** Station search (spec §5): trimmed input; types 1 site name, 2 site number, 3 bike number, 6 plate. */
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../app/feedback';
import { RequestError } from '../../../app/request';
import { searchText } from './mapLogic';
import { searchMap } from './service';
import type { SearchData, SearchType } from './types';

export const NO_RESULT = '没有相关数据，请重新搜索';
export const BIKE_OFF_SITE = '该车辆不在站点';

export interface SearchOptions {
  /** open the found site's info window (default true) */
  open?: boolean;
  /** then show the found site's flow map of the day (1 rent, 2 return) */
  flow?: 1 | 2;
}

/**
 * Runs a search and hands a usable answer to `onFound` (one site, several sites, or a bike with
 * its site). Failures are told once: code 400 answers (搜索不到您要的信息，请重新搜索,
 * 车辆出租中无法定位, 该车辆不在站点) by the request layer, an empty answer here.
 */
export function useMapSearch(areaId: string, onFound: (data: SearchData, opts: SearchOptions) => void) {
  const [busy, setBusy] = useState(false);
  const found = useRef(onFound);
  found.current = onFound;
  const run = useCallback(
    async (type: SearchType, input: string, opts: SearchOptions = {}) => {
      const q = searchText(input);
      if (!areaId) return;
      if (!q) {
        toast().warning('请输入搜索内容');
        return;
      }
      setBusy(true);
      try {
        const data = await searchMap(areaId, type, q);
        const lists = data?.lists ?? [];
        if (!lists.length) {
          toast().warning(NO_RESULT);
          return;
        }
        if (type === 3 || type === 6) {
          if (!data.bike) {
            toast().warning(NO_RESULT);
            return;
          }
          if (!data.bike.siteId) {
            toast().warning(BIKE_OFF_SITE);
            return;
          }
        }
        // a site number that matches exactly wins over the ones it prefixes
        const exact = type === 2 ? lists.find((s) => s.siteId === q) : undefined;
        found.current(exact ? { ...data, lists: [exact] } : data, opts);
      } catch (err) {
        if (!(err instanceof RequestError && err.handled)) toast().error(err instanceof Error ? err.message : NO_RESULT);
      } finally {
        setBusy(false);
      }
    },
    [areaId],
  );
  return { run, busy };
}
