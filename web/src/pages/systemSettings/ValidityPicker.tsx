/**
 * 有效期 of an account: a date (antd DatePicker, Chinese locale; the account works through the end of
 * that day, no past day can be picked) or 长期有效. The form holds FOREVER or `YYYY-MM-DD`. Without
 * `allowForever` (third-party keys always expire) only the date.
 */
import { Checkbox, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, FOREVER } from './rules';

interface Props {
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  /** offer 长期有效 (default) */
  allowForever?: boolean;
}

/** Days before today cannot be picked. */
const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'));

export default function ValidityPicker({ value, onChange, id, allowForever = true }: Props) {
  const forever = !value || value === FOREVER;
  const day = !forever ? dayjs(String(value), DATE_FORMAT) : null;
  return (
    <Space wrap>
      {allowForever && (
        <Checkbox checked={forever} onChange={(e) => onChange?.(e.target.checked ? FOREVER : dayjs().add(1, 'year').format(DATE_FORMAT))} aria-label="长期有效">
          长期有效
        </Checkbox>
      )}
      <DatePicker
        id={id}
        value={day?.isValid() ? day : null}
        format={DATE_FORMAT}
        disabledDate={beforeToday}
        placeholder={forever && allowForever ? '长期有效' : '请选择有效期'}
        allowClear={false}
        onChange={(d) => onChange?.(d ? d.format(DATE_FORMAT) : allowForever ? FOREVER : undefined)}
        style={{ width: 170 }}
      />
    </Space>
  );
}
