/** leaflet-geoman, loaded on the first polygon drawing (it is most of the map's script). */
import './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
