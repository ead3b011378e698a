/** Declared fields of the desk kit: one shape for query-form filters and dialog form fields. */
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: ReactNode;
}

interface Base<K extends string> {
  /** the URL parameter (query form) or the form value (dialog) */
  name: K;
  label: string;
  placeholder?: string;
  /** dialog forms: required field (Chinese message), more rules checked on blur */
  required?: boolean;
  rules?: Rule[];
  /** dialog forms: help line under the control */
  extra?: ReactNode;
  /** dialog forms: the fields whose change checks this one again (a rule reading another field's value) */
  dependencies?: string[];
}

/** The range a list applied when its date filter was left (partly) empty: its two ends, null for 不限. */
export type AppliedRange = [string | null, string | null];

export type Field<K extends string = string> =
  | (Base<K> & { type: 'input' | 'textarea' | 'number' })
  | (Base<K> & { type: 'select'; options: Option[]; multiple?: boolean; loading?: boolean })
  /** the user's area tree (session); the value is a six-digit area id */
  | (Base<K> & { type: 'area' })
  /**
   * two URL parameters holding yyyy-MM-dd: [start, end]; `applied` reads from the list's answer the
   * range the server applied to an end left empty (null: 不限), which the empty picker then shows;
   * `emptyMeans` says in words what an empty picker asks for (the label's tooltip)
   */
  | (Base<K> & { type: 'dateRange'; names: [K, K]; applied?: (data: unknown) => AppliedRange | undefined; emptyMeans?: string })
  /** dialog forms: a row of checkboxes (the values chosen, e.g. days of the week) */
  | (Base<K> & { type: 'checks'; options: Option[] })
  /** dialog forms: an on/off switch (boolean value) */
  | (Base<K> & { type: 'switch' })
  /** dialog forms: a control of the screen's own (an upload, a long text) given the form's value, onChange and id */
  | (Base<K> & { type: 'custom'; render: (p: { value?: unknown; onChange?: (v: unknown) => void; id?: string }) => ReactNode })
  /** dialog forms: a value held, not shown (a polygon drawn beside the fields, set with form.setFieldValue) */
  | (Base<K> & { type: 'hidden' })
  /** dialog forms: shown, not edited */
  | (Base<K> & { type: 'display'; render?: (value: unknown) => ReactNode });

/**
 * The placeholders of a date range: for each end left empty in the URL, the date the list's answer
 * says was applied (不限 when none), so that an empty picker shows the default it stands for; an end
 * chosen in the URL (being edited) keeps antd's own placeholder.
 */
export function rangePlaceholders(applied: AppliedRange | undefined, chosen: [string | undefined, string | undefined]): [string, string] | undefined {
  if (!applied) return undefined;
  const show = (v: string | null, own: string | undefined, fallback: string) => (own ? fallback : v ? v.slice(0, 10) : '不限');
  return [show(applied[0], chosen[0], '开始日期'), show(applied[1], chosen[1], '结束日期')];
}

/** URL parameter names a field reads and writes. */
export function paramsOf<K extends string>(f: Field<K>): K[] {
  return f.type === 'dateRange' ? f.names : [f.name];
}

/** Options from a label map (e.g. spec §4 type labels), keys as values. */
export function optionsOf(labels: Record<string | number, string>): Option[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** The Chinese required message: 请选择 for pickers, 请输入 for the rest. */
export function requiredMessage(f: Field): string {
  const pick = f.type === 'select' || f.type === 'area' || f.type === 'dateRange' || f.type === 'checks';
  return `${pick ? '请选择' : '请输入'}${f.label}`;
}
