/** Geometry for 区域设置's pure geo tests (geojson.test, geozones.test): GeoJSON built by hand. */
export type Pos = [number, number];

/** a square of side d degrees from its south-west corner, counter-clockwise, closed */
export const square = (lon: number, lat: number, d = 0.001): Pos[] => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
/** a Polygon of these rings (the first the exterior, then the holes) */
export const poly = (...rings: unknown[]) => ({ type: 'Polygon', coordinates: rings });
export const feature = (geometry: unknown, properties: unknown = {}) => ({ type: 'Feature', properties, geometry });
