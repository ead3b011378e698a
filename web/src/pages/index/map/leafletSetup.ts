/** Leaflet with the heat-map plugin and the styles, in the lazily loaded map chunk only. */
import L from './leafletGlobal';
import 'leaflet/dist/leaflet.css';
import 'leaflet.heat';

export default L;
