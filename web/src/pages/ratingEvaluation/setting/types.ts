/** Types of 评级考核 · 考核设置 (/api/examine), taken from the generated API document (web/src/api). */
import type { Body, Data, Item } from '../../../api/types';

/** An area's whole scheme: conf, categories with their rules, the measures, what is wrong (GET /api/examine/allRule/info). */
type Scheme = Data<'/api/examine/allRule/info'>;
export type Conf = Scheme['conf'];
export type ConfBody = Body<'/api/examine/fixedRule/conf'>;

/** A category: name, full score, order, its rules' count (GET /api/examine/category/list). */
export type Category = Item<Data<'/api/examine/category/list'>>;
export type CategoryBody = Body<'/api/examine/category/upsert'>;

/** A rule scored by hand (GET /api/examine/fixedRule/info). */
export type FixedRule = Item<Data<'/api/examine/fixedRule/info'>['rules']>;
export type FixedRuleBody = Body<'/api/examine/fixedRule/upsert'>;

/** A rule measured from the platform's data, with its bands (GET /api/examine/trendsRule/list). */
export type TrendRule = Item<Data<'/api/examine/trendsRule/list'>>;
export type TrendRuleBody = Body<'/api/examine/trendsRule/upsert'>;
export type Band = TrendRule['bands'][number];
