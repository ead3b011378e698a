/** The declaration of a CRUD desk tab (CrudTab.tsx renders it): what a screen says, not how. */
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { toast } from '../../app/feedback';
import { DEFAULT_ERROR, RequestError } from '../../app/request';
import type { PermissionName } from '../../lib/permission';
import type { Field } from './fields';
import type { RowAction } from './RowActions';
import type { RulePath } from './serverRules';
import type { Paged } from './useList';
import type { Filters } from './urlQuery';

/** What the kit hands to a declaration's columns, actions and tools. */
export interface CrudKit<Row> {
  /** open the dialog on a row, or on a new one */
  edit: (row: Row | 'new') => void;
  /** run a write: the `success` toast, then the list refreshes; on failure the server's message */
  run: (action: () => Promise<unknown>, success?: string) => Promise<void>;
  refresh: () => Promise<unknown>;
  /** the user holds the declaration's edit permission (always, when it names none) */
  canEdit: boolean;
  /** the list's filters as the URL holds them */
  filters: Filters<string>;
  /** 编辑 (hidden without the edit permission or a form) */
  editAction: (row: Row) => RowAction;
  /** 删除 with 温馨提示 (hidden without the edit permission or `remove`) */
  removeAction: (row: Row) => RowAction;
}

export interface CrudForm<Row, V> {
  /** what is edited: titles 新增{noun} / 编辑{noun}, toasts {noun}添加成功 / {noun}修改成功 */
  noun: string;
  /** the 新增 button's text (default 新增{noun}); null: no button (rows are only edited) */
  addLabel?: string | null;
  created?: string;
  updated?: string;
  /** the route the dialog saves through: each field also gets the server's bounds of that body field */
  rulesOf?: RulePath;
  /** the dialog's fields for a row (null: a new one); may call hooks (options loaded from the server) */
  useFields: (row: Row | null) => readonly Field[];
  /** the dialog's values for a row, or for a new one created in `areaId` (the filtered area, else the user's) */
  initial: (row: Row | null, areaId: string | undefined) => Partial<V>;
  /** save the dialog's values (create when `row` is null); a rejection keeps the dialog open */
  save: (values: V, row: Row | null) => Promise<unknown>;
  dialog?: { width?: number; horizontal?: boolean; drawer?: boolean; className?: string; okText?: string };
}

export interface CrudSpec<Row, K extends string, V = object> {
  /** the list's react-query key (under 'desk'); writes refresh it */
  key: string;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  filters: readonly Field<K>[];
  /** add the area filter (selfAreaId) for users who have sub-areas */
  areaFilter?: boolean;
  /** filters shown while the query form is collapsed */
  visibleFilters?: number;
  pageSize?: number;
  list: (q: Filters<K> & { currentPage: number; pageSize: number }) => Promise<Paged<Row>>;
  /** the data columns; the kit adds 操作 */
  columns: ColumnsType<Row> | ((kit: CrudKit<Row>) => ColumnsType<Row>);
  /** row actions (default: 编辑 and 删除 as declared) */
  actions?: (row: Row, kit: CrudKit<Row>) => RowAction[];
  actionsWidth?: number;
  form?: CrudForm<Row, V>;
  /** 删除: the call and how the confirmation names the row (确定要删除{what}吗？) */
  remove?: { call: (row: Row) => Promise<unknown>; what: (row: Row) => string; success?: string };
  /** 导出 with the list's filters */
  exportCall?: (filters: Filters<K>) => Promise<unknown>;
  /** the permission names that show 新增 / 编辑 / 删除, and 导出 */
  permissions?: { edit?: PermissionName; export?: PermissionName };
  /** more tools left of the toolbar (batch actions, imports) */
  toolbar?: (kit: CrudKit<Row>) => ReactNode;
  /** more of the screen's own below the table (a detail drawer, a shown-once secret) */
  extra?: (kit: CrudKit<Row>) => ReactNode;
  table?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'loading'>;
}

/** A declaration, typed once: `defineCrud<Row, Key, Values>()({...})` infers nothing wrongly. */
export const defineCrud = <Row, K extends string, V = object>(spec: CrudSpec<Row, K, V>) => spec;

/** The area filter the kit adds for users with sub-areas. */
export const AREA_FILTER: Field<'selfAreaId'> = { name: 'selfAreaId', label: '区域', type: 'area' };

/** Say why a call failed, unless the request layer already did (its toast for 400 / 401 / 5002). */
export function tellFailure(err: unknown): void {
  if (err instanceof RequestError && err.handled) return;
  void toast().error(err instanceof Error ? err.message : DEFAULT_ERROR, 5);
}
