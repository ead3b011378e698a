/** The big screen's lazy leaflet-geoman setup, shared: loads it on the first drawing and gives an existing map its `pm`. */
import L from 'leaflet';
import type * as Leaflet from 'leaflet';
import type {} from '@geoman-io/leaflet-geoman-free';

export async function withGeoman(map: Leaflet.Map): Promise<void> {
  await import('../../pages/index/map/geomanSetup');
  if (!map.pm) {
    // L.PM.Map is geoman's map controller (not in its type declarations)
    const PMMap = (L.PM as unknown as { Map: new (m: Leaflet.Map) => Leaflet.PM.PMMap }).Map;
    map.pm = new PMMap(map);
    map.pm.setGlobalOptions({});
  }
  map.pm.setLang('zh');
}
