/**
 * Polygon drawing with counts (spec §2 Map): sites on the map, bikes of the bike layer and today's
 * off-site returns inside the drawn ring, counted here from the data the map holds or loads.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { toast } from '../../../app/feedback';
import { RequestError } from '../../../app/request';
import { polygonCounts, type PolygonCounts } from './mapLogic';
import { fetchBikes } from './service';
import type { LonLat } from './types';
import type { MapSite } from '../types';
import { useDrawTool, useDrawnPolygon } from './useDrawTool';
import { mapKeys } from './useMapData';

export function usePolygonCounts(map: Leaflet.Map | null, areaId: string, sites: MapSite[] | undefined, drawing: boolean, onDrawn: () => void) {
  const qc = useQueryClient();
  const [ring, setRing] = useState<LonLat[] | null>(null);
  const [counts, setCounts] = useState<PolygonCounts | 'loading' | null>(null);

  const clear = useCallback(() => {
    setRing(null);
    setCounts(null);
  }, []);
  useEffect(clear, [areaId, clear]);

  const bikesOf = useCallback(
    (legality: 0 | 1, mold?: 1) =>
      qc.fetchQuery({ queryKey: mapKeys.bikes(areaId, legality, undefined, mold), queryFn: () => fetchBikes(areaId, legality, { mold }), staleTime: 30_000 }),
    [qc, areaId],
  );
  const count = useCallback(
    async (drawn: LonLat[]) => {
      onDrawn();
      setRing(drawn);
      setCounts('loading');
      try {
        // the bike layer's bikes, and the off-site returns of legal and illegal bikes
        const [bikes, legalReturns, illegalReturns] = await Promise.all([bikesOf(0), bikesOf(0, 1), bikesOf(1, 1)]);
        setCounts(polygonCounts(drawn, { sites: sites ?? [], bikes, offSiteReturns: [...legalReturns, ...illegalReturns] }));
      } catch (err) {
        if (!(err instanceof RequestError && err.handled)) toast().error('统计失败，请稍后重试');
        clear();
      }
    },
    [sites, bikesOf, onDrawn, clear],
  );
  useDrawTool(map, drawing && !!areaId, count);
  useDrawnPolygon(map, ring);
  return { counts, clear };
}
