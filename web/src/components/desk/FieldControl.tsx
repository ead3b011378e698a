/** The control of one declared field (query forms and dialog forms share it). */
import { Checkbox, DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { Field } from './fields';
import AreaSelect from './AreaSelect';

/** The longest text a field's rules allow (the server's maxLength through serverRules, or the screen's own max). */
const maxLengthOf = (f: Field): number | undefined => {
  for (const r of f.rules ?? []) if (typeof r === 'object' && typeof r.max === 'number') return r.max;
  return undefined;
};

/** antd Form.Item injects value/onChange/id into this child. */
export default function FieldControl({
  field,
  placeholders,
  ...injected
}: {
  field: Field;
  /** a date range's placeholders (query forms: the range the list applied, rangePlaceholders) */
  placeholders?: [string, string];
  value?: unknown;
  checked?: boolean;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'input':
      return <Input {...injected} value={injected.value as string} placeholder={placeholder ?? `请输入${field.label}`} allowClear />;
    case 'textarea':
      return (
        <Input.TextArea
          {...injected}
          value={injected.value as string}
          placeholder={placeholder ?? `请输入${field.label}`}
          rows={4}
          showCount
          maxLength={maxLengthOf(field) ?? 500}
        />
      );
    case 'number':
      return <InputNumber {...injected} value={injected.value as number} placeholder={placeholder ?? `请输入${field.label}`} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...injected}
          placeholder={placeholder ?? `请选择${field.label}`}
          options={field.options}
          mode={field.multiple ? 'multiple' : undefined}
          loading={field.loading}
          maxTagCount="responsive"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'area':
      return <AreaSelect {...injected} value={injected.value as string} placeholder={placeholder ?? `请选择${field.label}`} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          {...(injected as object)}
          allowEmpty={[true, true]}
          placeholder={placeholders}
          className={placeholders ? 'desk-range-applied' : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'checks':
      return (
        <span id={injected.id} role="group" aria-label={field.label}>
          <Checkbox.Group value={injected.value as string[]} onChange={(v) => injected.onChange?.(v)} options={field.options} />
        </span>
      );
    case 'switch':
      return <Switch id={injected.id} checked={!!injected.checked} onChange={(v) => injected.onChange?.(v)} checkedChildren="是" unCheckedChildren="否" />;
    case 'custom':
      return <>{field.render({ value: injected.value, onChange: injected.onChange, id: injected.id })}</>;
    case 'hidden':
      return null;
    case 'display':
      return <span className="desk-display">{field.render ? field.render(injected.value) : String(injected.value ?? '—')}</span>;
  }
}
