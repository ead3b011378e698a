import dayjs from 'dayjs';
import { FORMAT } from './constants';

type TimeInput = string | number | Date | null | undefined;

function format(value: TimeInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '';
}

/** yyyy-MM-dd HH:mm:ss (24-hour); missing or invalid values give ''. */
export function formatDateTime(value: TimeInput): string {
  return format(value, FORMAT.dateTime);
}

/** yyyy-MM-dd; missing or invalid values give ''. */
export function formatDate(value: TimeInput): string {
  return format(value, FORMAT.date);
}
