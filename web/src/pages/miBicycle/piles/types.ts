/** Types of 米单车管理 · 设备 (installs, piles online and silent), taken from the generated API document (web/src/api). */
import type { Data, Item, Query } from '../../../api/types';
import type { Filters } from '../../../components/desk';

/** One pile install (GET /api/miApp/getInstallList). */
export type Install = Item<Data<'/api/miApp/getInstallList'>['lists']>;
export type InstallKey = Exclude<keyof Query<'/api/miApp/getInstallList'>, 'currentPage' | 'pageSize'> & string;
export type InstallFilters = Filters<InstallKey>;

/** A pile heard within the hour (GET /api/miApp/getLineList). */
export type LinePile = Item<Data<'/api/miApp/getLineList'>['lists']>;
/** A pile silent an hour or more (GET /api/miApp/getNoLineList): with how long. */
export type SilentPile = Item<Data<'/api/miApp/getNoLineList'>['lists']>;
export type PileKey = Exclude<keyof Query<'/api/miApp/getLineList'>, 'currentPage' | 'pageSize'> & string;
export type PileFilters = Filters<PileKey>;
