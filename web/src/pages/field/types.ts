/** The field app's answers, as the server's schemas give them (api/schema.d.ts). */
import type { Data, Item } from '../../api/types';

export type Nearby = Data<'/api/field/nearby'>;
export type ClockSite = Item<Nearby['clockSites']>;
export type ClockWindow = Item<Nearby['today']['windows']>;
export type ClockAnswer = Data<'/api/field/clock', 'post'>;
export type PatrolAnswer = Data<'/api/field/patrol', 'post'>;
