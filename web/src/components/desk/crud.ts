/** The declaration of a CRUD desk tab (CrudTab.tsx renders it): what a screen says, not how. */
import type { QueryKey } from '@tanstack/react-query';
import type { FormInstance, TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { toast } from '../../app/feedback';
import { DEFAULT_ERROR, RequestError } from '../../app/request';
import type { PermissionName } from '../../lib/permission';
import type { Field } from './fields';
import type { RowAction } from './RowActions';
import type { RulePath } from './serverRules';
import type { Paged } from './useList';
import type { Filters } from './urlQuery';

/** What the kit hands to a declaration's columns, actions and tools (`R`: the list call's answer). */
export interface CrudKit<Row, R extends Paged<Row> = Paged<Row>> {
  /** open the dialog on a row, or on a new one */
  edit: (row: Row | 'new') => void;
  /** open the declaration's `detail` on a row */
  show: (row: Row) => void;
  /** run a write: the `success` toast, then the list refreshes, true; on failure the server's message, false */
  run: (action: () => Promise<unknown>, success?: string) => Promise<boolean>;
  /** after a write: the list and `refreshes` load again, the selection clears */
  refresh: () => Promise<unknown>;
  /** the user holds the declaration's edit permission (always, when it names none) */
  canEdit: boolean;
  /** the user holds the declaration's remove permission (`permissions.remove`, else the edit one) */
  canRemove: boolean;
  /** the list's filters as the URL holds them */
  filters: Filters<string>;
  /** replace the filters (back to page 1), as the query form does, e.g. to open the areas below a row's */
  setFilters: (filters: Filters<string>) => void;
  /** the keys of the rows chosen for a batch action (`selectable`) */
  selected: Key[];
  /** the list call's last answer: the page and whatever else it carries (the filter's totals, a capped count) */
  data: R | undefined;
  /** 编辑 (hidden without the edit permission or a form) */
  editAction: (row: Row) => RowAction;
  /** 删除 with 温馨提示 (hidden without the remove permission or `remove`) */
  removeAction: (row: Row) => RowAction;
  /** open the declaration's ask `name` (`asks`) on a row, or on the rows chosen */
  ask: (name: string, target: Row | 'selected') => void;
  /** the row action of ask `name`: its `label`, hidden without the edit permission or where the ask's `on` refuses the row */
  askAction: (name: string, row: Row) => RowAction;
}

/**
 * An action that asks for values before it runs (处理 with a note, 驳回 with a reason): on one row
 * from its row action, or on the rows chosen (its toolbar button). The kit holds the dialog, checks
 * the fields, runs `save`, says `success` and refreshes; on failure the server's message, the dialog
 * stays open. Needs the declaration's edit permission.
 */
export interface CrudAsk<Row> {
  /** the row action's text */
  label: string;
  /** the toolbar's button for the rows chosen (disabled while none is); none: on rows only */
  batchLabel?: string;
  /** the rows it applies to (default: all); a row it refuses shows no row action */
  on?: (row: Row) => boolean;
  /** the dialog's title: for one row, or for `count` rows chosen (row null) */
  title: (row: Row | null, count: number) => string;
  /** the dialog's fields; a `display` one above them may name the row */
  fields: readonly Field[];
  /** the dialog's first values (default: the row itself, so that a `display` field names it) */
  initial?: (row: Row | null) => Record<string, unknown>;
  /** the route it saves through: each field also gets the server's bounds of that body field */
  rulesOf?: RulePath;
  /** run with the values on the rows' keys (one row: its key; a batch: the keys chosen, across pages) */
  save: (values: Record<string, unknown>, keys: Key[]) => Promise<unknown>;
  /** the success toast (default 操作成功) */
  success?: string;
  okText?: string;
}

type CrudTableProps<Row> = Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'loading'>;

/** What a form's hooks know: the list's filters as the URL holds them, the rows it shows, and the dialog's `initial` values (until a `load` comes: undefined). */
interface CrudFormContext<Row, V> {
  filters: Filters<string>;
  rows: readonly Row[];
  initial: Partial<V> | undefined;
}

export interface CrudForm<Row, V> {
  /** what is edited: titles 新增{noun} / 编辑{noun}, toasts {noun}添加成功 / {noun}修改成功 */
  noun: string;
  /** the dialog's title when it is not 新增{noun} / 编辑{noun}: a row handled rather than edited, or a title naming the row */
  title?: string | ((row: Row | null) => string);
  /** the 新增 button's text (default 新增{noun}); null: no button (rows are only edited) */
  addLabel?: string | null;
  created?: string;
  updated?: string;
  /**
   * the route the dialog saves through (or, for a row, the one editing saves through when creating
   * takes another): each field also gets the server's bounds of that body field
   */
  rulesOf?: RulePath | ((row: Row | null) => RulePath);
  /**
   * the dialog's fields for a row (null: a new one); may call hooks (options loaded from the server,
   * `Form.useWatch(name, form)` for fields that depend on another's value, the `initial` one until
   * the form connects); `ctx`: the list's filters and rows (options of the filtered area, the other
   * rows on a map) and the dialog's initial values
   */
  useFields: (row: Row | null, form: FormInstance<V>, ctx: CrudFormContext<Row, V>) => readonly Field[];
  /**
   * shown beside the fields (the dialog lays them out side by side), as `useFields` may call hooks:
   * a map to draw on, whose drawing it sets in a `hidden` field (`form.setFieldValue`) for `save`
   */
  useAside?: (row: Row | null, form: FormInstance<V>, ctx: CrudFormContext<Row, V>) => ReactNode;
  /** the dialog's values for a row, or for a new one created in `areaId` (the filtered area, else the user's) */
  initial: (row: Row | null, areaId: string | undefined) => Partial<V>;
  /** a row's values from a call, when the list's row lacks some (a notice's body): the dialog opens once they come */
  load?: (row: Row) => Promise<Partial<V>>;
  /**
   * save the dialog's values (create when `row` is null; `areaId` as `initial` has it, `filters` the
   * list's as the URL holds them); a rejection keeps the dialog open
   */
  save: (values: V, row: Row | null, areaId: string | undefined, filters: Filters<string>) => Promise<unknown>;
  dialog?: { width?: number; horizontal?: boolean; drawer?: boolean; className?: string; okText?: string };
}

export interface CrudSpec<Row, K extends string, V = object, R extends Paged<Row> = Paged<Row>> {
  /** the list's react-query key (under 'desk'); writes refresh it */
  key: string;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  filters: readonly Field<K>[];
  /**
   * a list inside another screen (a detail drawer's 运维人员): its page is held by the component, not
   * the URL (which is the host screen's), and it shows no query form
   */
  embedded?: boolean;
  /** filters always sent with the list call, never shown nor in the URL (the enterprise of a detail's list); part of the list's key */
  fixed?: Filters<K>;
  /** what the empty table says (default 暂无数据) */
  empty?: string;
  /** add the area filter (selfAreaId) for users who have sub-areas */
  areaFilter?: boolean;
  /** filters shown while the query form is collapsed */
  visibleFilters?: number;
  pageSize?: number;
  list: (q: Filters<K> & { currentPage: number; pageSize: number }) => Promise<R>;
  /** the data columns; the kit adds 操作 */
  columns: ColumnsType<Row> | ((kit: CrudKit<Row, R>) => ColumnsType<Row>);
  /** row actions (default: 编辑 and 删除 as declared) */
  actions?: (row: Row, kit: CrudKit<Row, R>) => RowAction[];
  actionsWidth?: number;
  form?: CrudForm<Row, V>;
  /**
   * 删除: the call and how the confirmation names the row (确定要删除{what}吗？), or the whole
   * confirmation (`confirm`, a wording of the screen's own: 是否确定删除…？其记录一并删除。)
   */
  remove?: { call: (row: Row) => Promise<unknown>; success?: string } & (
    { what: (row: Row) => string; confirm?: never } | { confirm: (row: Row) => string; what?: never }
  );
  /** 导出 with the list's filters */
  exportCall?: (filters: Filters<K>) => Promise<unknown>;
  /** the permission names that show 新增 / 编辑 / 删除, and 导出; `remove`: 删除's own, where it is not the edit one */
  permissions?: { edit?: PermissionName; export?: PermissionName; remove?: PermissionName };
  /** rows can be chosen for batch actions (by users with the edit permission), those it accepts; the choice holds across pages until a write */
  selectable?: (row: Row) => boolean;
  /** more queries a write changes (counts, a detail shown elsewhere), refreshed with the list */
  refreshes?: readonly QueryKey[];
  /** the screen's own above the query form (tabs of the list, a note on its results) */
  header?: (kit: CrudKit<Row, R>) => ReactNode;
  /** more tools left of the toolbar (batch actions, imports) */
  toolbar?: (kit: CrudKit<Row, R>) => ReactNode;
  /** more tools right of the toolbar, before 导出 (a download of the screen's own) */
  toolbarRight?: (kit: CrudKit<Row, R>) => ReactNode;
  /** the screen's own between the query form and the toolbar (a map of the listed rows) */
  beforeTable?: (kit: CrudKit<Row, R>) => ReactNode;
  /** a row's detail of the screen's own (a drawer), open after `kit.show(row)`; `row` is null while closed */
  detail?: (row: Row | null, close: () => void, kit: CrudKit<Row, R>) => ReactNode;
  /** more of the screen's own below the table (a detail drawer, a shown-once secret) */
  extra?: (kit: CrudKit<Row, R>) => ReactNode;
  /** actions that ask for values first (kit.ask, kit.askAction; a batch button in the toolbar for those with `batchLabel`) */
  asks?: Record<string, CrudAsk<Row>>;
  /** more of the table's props (a row's class, a row click, expandable rows), or them from the kit (rows whose expansion writes) */
  table?: CrudTableProps<Row> | ((kit: CrudKit<Row, R>) => CrudTableProps<Row>);
}

/** A declaration, typed once: `defineCrud<Row, Key, Values>()({...})` infers nothing wrongly. */
export const defineCrud = <Row, K extends string, V = object, R extends Paged<Row> = Paged<Row>>(spec: CrudSpec<Row, K, V, R>) => spec;

/** The area filter the kit adds for users with sub-areas. */
export const AREA_FILTER: Field<'selfAreaId'> = { name: 'selfAreaId', label: '区域', type: 'area' };

/** Say why a call failed, unless the request layer already did (its toast for 400 / 401 / 5002). */
export function tellFailure(err: unknown): void {
  if (err instanceof RequestError && err.handled) return;
  void toast().error(err instanceof Error ? err.message : DEFAULT_ERROR, 5);
}
