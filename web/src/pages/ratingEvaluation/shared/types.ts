/** Types of 评级考核's results, taken from the generated API document (web/src/api). */
import type { Data, Item } from '../../../api/types';

/** The month's ranking (GET /api/examine/brand/sort) and one enterprise's row of it. */
type Ranking = Data<'/api/examine/brand/sort'>;
export type Ranked = Item<Ranking['lists']>;
/** One enterprise's month with every rule's outcome (GET /api/examine/brand/detail). */
type Detail = Data<'/api/examine/brand/detail'>;
export type Deduction = Item<Detail['deductions']>;
/** An inspector's findings of a fixed item for an enterprise and month (GET /api/examine/sortContent/list). */
export type Score = Item<Data<'/api/examine/sortContent/list'>>;
