/** Types of 米单车管理 · 桩测未上传车辆, taken from the generated API document (web/src/api). */
import type { Body, Data, Item, Query } from '../../../api/types';
import type { Filters } from '../../../components/desk';

/** The rule kinds as the tabs' `kind` filter holds them: 2 MAC (the default), 1 BLE name. */
export type KindText = '1' | '2';

/** One rule (GET /api/miApp/brandBikeNotUploadMacRule; the name rules have the same shape). */
export type Rule = Item<Data<'/api/miApp/brandBikeNotUploadMacRule'>['lists']>;
/** A rule as written (create, edit, preview). */
export type RuleInput = Body<'/api/miApp/brandBikeNotUploadMacRule', 'post'>;
export type RuleKey = (Exclude<keyof Query<'/api/miApp/brandBikeNotUploadMacRule'>, 'currentPage' | 'pageSize'> & string) | 'kind';
export type RuleFilters = Filters<RuleKey>;
/** What a rule would match before it is saved (POST …/preview). */
export type Preview = Data<'/api/miApp/brandBikeNotUploadMacRule/preview', 'post'>;

/** One matched bike no operator reported (GET /api/miApp/bikeNotUploadMac; the name list has the same shape). */
export type NotUploaded = Item<Data<'/api/miApp/bikeNotUploadMac'>['lists']>;
export type NotUploadedPage = Data<'/api/miApp/bikeNotUploadMac'>;
export type BikeKey = (Exclude<keyof Query<'/api/miApp/bikeNotUploadMac'>, 'currentPage' | 'pageSize'> & string) | 'kind';
export type BikeFilters = Filters<BikeKey>;
