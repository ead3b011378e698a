/**
 * Leaflet as the global `L`: leaflet.heat and leaflet-geoman are plain scripts that extend the
 * global. This module must be evaluated before them (see leafletSetup.ts).
 */
import L from 'leaflet';

(globalThis as unknown as { L: typeof L }).L = L;

export default L;
