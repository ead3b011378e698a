/**
 * A CRUD desk tab from a declaration (crud.ts `CrudSpec`): the query form (with the area filter for
 * users who have sub-areas), the toolbar (新增, 导出, 刷新), the table with its 操作 column, and the
 * create / edit dialog. The kit owns the editing state, the refresh after a write, the confirmations,
 * the toasts, the server's message on failure and the URL; the screen declares the rest.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, type ReactNode, startTransition, useCallback, useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { can } from '../../lib/permission';
import { type CrudAsk, type CrudKit, type CrudSpec, AREA_FILTER } from './crud';
import type { Filters } from './urlQuery';
import DataTable from './DataTable';
import ExportButton from './ExportButton';
import type { Field } from './fields';
import FormDialog from './FormDialog';
import ListToolbar from './ListToolbar';
import QueryForm from './QueryForm';
import RowActions, { type RowAction } from './RowActions';
import { serverRules } from './serverRules';
import { type Paged, useList } from './useList';
import { useLocalQuery, useUrlQuery } from './useUrlQuery';
import { useWrites } from './writes';

/** An embedded list reads nothing from the URL. */
const NO_FIELDS: Field<never>[] = [];

/** Users above district level pick among their sub-areas: their lists get the area filter. */
function useAreaUser(): boolean {
  return useSession((s) => (s.user?.userLevel ?? 0) >= 2);
}

export default function CrudTab<Row extends object, K extends string, V extends object = object, R extends Paged<Row> = Paged<Row>>({
  spec,
}: {
  spec: CrudSpec<Row, K, V, R>;
}) {
  const areaUser = useAreaUser();
  const fields = useMemo(
    () => (spec.areaFilter && areaUser ? [...spec.filters, AREA_FILTER as Field<K>] : spec.filters),
    [spec.filters, spec.areaFilter, areaUser],
  );
  const urlQuery = useUrlQuery(spec.embedded ? NO_FIELDS : fields, spec.pageSize);
  const localQuery = useLocalQuery(spec.pageSize);
  const { fixed } = spec;
  // an embedded list's page is its own; the fixed filters go with every call and key
  const query = useMemo(() => {
    const own = spec.embedded ? (localQuery as unknown as typeof urlQuery) : urlQuery;
    return fixed ? { ...own, filters: { ...own.filters, ...fixed } } : own;
  }, [spec.embedded, localQuery, urlQuery, fixed]);
  const list = useList<Row, K, R>(spec.key, query, spec.list);
  const perms = useSession((s) => s.permissions);
  const canEdit = !spec.permissions?.edit || can(perms, spec.permissions.edit);
  const canExport = !spec.permissions?.export || can(perms, spec.permissions.export);
  const canRemove = spec.permissions?.remove ? can(perms, spec.permissions.remove) : canEdit;
  // editing: the row being edited, 'new', or null; `opened` gives every opening a fresh dialog
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [opened, setOpened] = useState(0);
  // the row whose detail is open
  const [shown, setShown] = useState<Row | null>(null);
  const edit = useCallback((row: Row | 'new') => {
    setOpened((n) => n + 1);
    setEditing({ row: row === 'new' ? null : row });
  }, []);
  const [selected, setSelected] = useState<Key[]>([]);
  // the ask open: its name, the row it was opened on (null: the rows chosen) and the keys it runs on
  const [asking, setAsking] = useState<{ name: string; row: Row | null; keys: Key[] } | null>(null);
  const { rowKey } = spec;
  const ask = useCallback(
    (name: string, target: Row | 'selected') => {
      setOpened((n) => n + 1);
      if (target !== 'selected') setAsking({ name, row: target, keys: [typeof rowKey === 'function' ? rowKey(target) : (target[rowKey] as Key)] });
      else setAsking({ name, row: null, keys: selected });
    },
    [rowKey, selected],
  );
  const { refreshes } = spec;
  // the kit's writes (writes.ts): the call, its toast or the server's message, then the list and the
  // declared keys load again; the rows chosen are let go
  const { run: write, refresh: reload } = useWrites(['desk', spec.key], ...(refreshes ?? []));
  const letGo = useCallback(() => setSelected((keys) => (keys.length ? [] : keys)), []);
  const refresh = useCallback(() => {
    letGo();
    return reload();
  }, [letGo, reload]);
  const run = useCallback(
    async (action: () => Promise<unknown>, success?: string) => {
      const done = await write(action, success);
      if (done) letGo();
      return done;
    },
    [letGo, write],
  );
  const { form, remove, asks } = spec;
  const kit: CrudKit<Row, R> = useMemo(
    () => ({
      edit,
      show: setShown,
      run,
      refresh,
      canEdit,
      canRemove,
      filters: query.filters,
      setFilters: query.setFilters as (filters: Filters<string>) => void,
      selected,
      data: list.data,
      editAction: (row) => ({ label: '编辑', hidden: !canEdit || !form, onClick: () => edit(row) }),
      removeAction: (row) => ({
        label: '删除',
        danger: true,
        hidden: !canRemove || !remove,
        confirm: remove && (remove.confirm ? remove.confirm(row) : `确定要删除${remove.what(row)}吗？`),
        onClick: () => remove && run(() => remove.call(row), remove.success ?? '删除成功'),
      }),
      ask,
      askAction: (name, row) => {
        const a = asks?.[name];
        return { label: a?.label ?? name, hidden: !canEdit || !a || (a.on ? !a.on(row) : false), onClick: () => ask(name, row) };
      },
    }),
    [edit, run, refresh, canEdit, canRemove, query.filters, query.setFilters, selected, list.data, form, remove, ask, asks],
  );
  const columns = useMemo((): ColumnsType<Row> => {
    const own = typeof spec.columns === 'function' ? spec.columns(kit) : spec.columns;
    const actionsOf = (row: Row): RowAction[] => (spec.actions ? spec.actions(row, kit) : [kit.editAction(row), kit.removeAction(row)]);
    if (!spec.actions && !form && !remove) return own;
    return [
      ...own,
      {
        title: '操作',
        key: 'actions',
        width: spec.actionsWidth ?? 130,
        fixed: 'right',
        render: (_: unknown, row: Row) => <RowActions actions={actionsOf(row)} />,
      },
    ];
  }, [spec, kit, form, remove]);

  const left: ReactNode[] = [];
  if (form && canEdit && form.addLabel !== null) {
    left.push(
      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => edit('new')}>
        {form.addLabel ?? `新增${form.noun}`}
      </Button>,
    );
  }
  for (const [name, a] of Object.entries(asks ?? {})) {
    if (!a.batchLabel || !canEdit || !spec.selectable) continue;
    left.push(
      <Button key={`ask-${name}`} disabled={!selected.length} onClick={() => ask(name, 'selected')}>
        {a.batchLabel}
      </Button>,
    );
  }
  if (spec.toolbar) left.push(<span key="tools">{spec.toolbar(kit)}</span>);
  const { exportCall, selectable } = spec;
  const right: ReactNode[] = [];
  if (spec.toolbarRight) right.push(<span key="tools">{spec.toolbarRight(kit)}</span>);
  if (exportCall && canExport) right.push(<ExportButton key="export" run={() => exportCall(query.filters)} />);
  return (
    <>
      {spec.header?.(kit)}
      {/* a list without filters (one month's hand scores) shows no empty query form */}
      {fields.length > 0 && !spec.embedded && <QueryForm fields={fields} query={query} visible={spec.visibleFilters} data={list.data} />}
      {spec.beforeTable?.(kit)}
      <ListToolbar
        selected={selected.length}
        // everything under the list's key: the list and what the screen keys beside it (a head's totals)
        onRefresh={() => void refresh()}
        left={left.length ? left : undefined}
        right={right.length ? right : undefined}
      />
      <DataTable<Row>
        rowKey={spec.rowKey}
        columns={columns}
        empty={spec.empty}
        list={list}
        query={query}
        rowSelection={
          selectable && canEdit
            ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: setSelected, getCheckboxProps: (row) => ({ disabled: !selectable(row) }) }
            : undefined
        }
        {...(typeof spec.table === 'function' ? spec.table(kit) : spec.table)}
      />
      {form && editing && (
        <CrudDialog
          key={opened}
          opening={['crudLoad', spec.key, opened]}
          form={form}
          row={editing.row}
          filters={query.filters as Filters<string>}
          rows={list.data?.lists}
          onSaved={refresh}
          // the dialog leaves in a transition: its unmount is the heavier render, the toast shows first
          onClose={() => startTransition(() => setEditing(null))}
        />
      )}
      {asking && asks?.[asking.name] && (
        <AskDialog
          key={opened}
          ask={asks[asking.name]}
          row={asking.row}
          keys={asking.keys}
          onDone={refresh}
          onClose={() => startTransition(() => setAsking(null))}
        />
      )}
      {spec.detail?.(shown, () => setShown(null), kit)}
      {spec.extra?.(kit)}
    </>
  );
}

function CrudDialog<Row, V extends object>(p: {
  form: NonNullable<CrudSpec<Row, string, V>['form']>;
  /** this opening's key for the row's values `load`ed */
  opening: unknown[];
  row: Row | null;
  /** the list's filters: the area filtered is a new row's (else the user's) */
  filters: Filters<string>;
  /** the list's rows shown */
  rows: readonly Row[] | undefined;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { form, row } = p;
  const me = useSession((s) => s.user);
  const areaId = p.filters.selfAreaId ?? me?.areaId;
  const [instance] = Form.useForm<V>();
  const { load } = form;
  const loaded = useQuery({ queryKey: p.opening, queryFn: () => load!(row!), enabled: !!(row && load), gcTime: 0 });
  const initialValues = useMemo(() => (row && load ? loaded.data : form.initial(row, areaId)), [form, row, load, loaded.data, areaId]);
  const ctx = useMemo(() => ({ filters: p.filters, rows: p.rows ?? [], initial: initialValues }), [p.filters, p.rows, initialValues]);
  const declared = form.useFields(row, instance, ctx);
  const aside = form.useAside?.(row, instance, ctx);
  // the server's bounds of each field (api/rules.gen.ts) beside the screen's own rules
  const path = typeof form.rulesOf === 'function' ? form.rulesOf(row) : form.rulesOf;
  const fields = useMemo(
    () =>
      path
        ? declared.map((f) =>
            f.type === 'display' || f.type === 'hidden' ? f : { ...f, rules: [...serverRules(path, f.name, f.label, f.rules), ...(f.rules ?? [])] },
          )
        : declared,
    [declared, path],
  );
  if (!initialValues) return null; // a row's values are on their way
  return (
    <FormDialog<V>
      open
      form={instance}
      title={typeof form.title === 'function' ? form.title(row) : (form.title ?? (row ? `编辑${form.noun}` : `新增${form.noun}`))}
      fields={fields}
      initialValues={initialValues}
      success={row ? (form.updated ?? `${form.noun}修改成功`) : (form.created ?? `${form.noun}添加成功`)}
      onSubmit={async (values) => {
        await form.save(values, row, areaId, p.filters);
        await p.onSaved();
      }}
      onClose={p.onClose}
      aside={aside}
      {...form.dialog}
    />
  );
}

/** The dialog of an ask (crud.ts `CrudAsk`) on a row or on the rows chosen. */
function AskDialog<Row>(p: { ask: CrudAsk<Row>; row: Row | null; keys: Key[]; onDone: () => Promise<unknown>; onClose: () => void }) {
  const { ask, row, keys } = p;
  const fields = useMemo(
    () =>
      ask.rulesOf
        ? ask.fields.map((f) =>
            f.type === 'display' || f.type === 'hidden' ? f : { ...f, rules: [...serverRules(ask.rulesOf!, f.name, f.label, f.rules), ...(f.rules ?? [])] },
          )
        : ask.fields,
    [ask],
  );
  return (
    <FormDialog<Record<string, unknown>>
      open
      title={ask.title(row, keys.length)}
      fields={fields}
      initialValues={ask.initial ? ask.initial(row) : ((row ?? {}) as Record<string, unknown>)}
      success={ask.success}
      okText={ask.okText}
      onSubmit={async (values) => {
        await ask.save(values, keys);
        await p.onDone();
      }}
      onClose={p.onClose}
    />
  );
}
