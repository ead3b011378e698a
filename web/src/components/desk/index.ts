/** The desk-screen kit: every management list is a declaration on these parts; a CRUD tab is a `CrudSpec` rendered by `CrudTab`. */
export { default as DeskPage } from './DeskPage';
export { default as DeskTabs, type DeskTab } from './DeskTabs';
export { default as QueryForm } from './QueryForm';
export { default as ListToolbar } from './ListToolbar';
export { default as DataTable } from './DataTable';
export { default as RowActions, type RowAction } from './RowActions';
export { default as FormDialog } from './FormDialog';
export { default as ExportButton } from './ExportButton';
export { default as AreaSelect } from './AreaSelect';
export { useConfirm } from './confirm';
export { useUrlQuery, type UrlQuery } from './useUrlQuery';
export { useList, type ListCall, type Paged } from './useList';
export { type Field, type Option, optionsOf } from './fields';
export { SIZES, tablePagination } from './pagination';
export type { Filters } from './urlQuery';
export { default as CrudTab, useAreaUser } from './CrudTab';
export { type CrudKit, type CrudSpec, type CrudForm, defineCrud, tellFailure, AREA_FILTER } from './crud';
export { serverRules, type RulePath } from './serverRules';
