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
}

export type Field<K extends string = string> =
  | (Base<K> & { type: 'input' | 'textarea' | 'number' })
  | (Base<K> & { type: 'select'; options: Option[]; multiple?: boolean; loading?: boolean })
  /** the user's area tree (session); the value is a six-digit area id */
  | (Base<K> & { type: 'area' })
  /** two URL parameters holding yyyy-MM-dd: [start, end] */
  | (Base<K> & { type: 'dateRange'; names: [K, K] })
  /** dialog forms: an on/off switch (boolean value) */
  | (Base<K> & { type: 'switch' })
  /** dialog forms: a control of the screen's own (an upload, a long text) given the form's value, onChange and id */
  | (Base<K> & { type: 'custom'; render: (p: { value?: unknown; onChange?: (v: unknown) => void; id?: string }) => ReactNode })
  /** dialog forms: a value held, not shown (a polygon drawn beside the fields, set with form.setFieldValue) */
  | (Base<K> & { type: 'hidden' })
  /** dialog forms: shown, not edited */
  | (Base<K> & { type: 'display'; render?: (value: unknown) => ReactNode });

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
  const pick = f.type === 'select' || f.type === 'area' || f.type === 'dateRange';
  return `${pick ? '请选择' : '请输入'}${f.label}`;
}
