/** The export dialog's chosen hours, days or months (`group`, spec §5), checked against the time type's range. */
import { badRequest } from '../http/envelope.js';
import { intList } from '../domain/numbers.js';

/** null: none named, so every slot. */
export function chosenSlots(group: string | undefined, min: number, max: number): Set<number> | null {
  if (group === undefined || group.trim() === '') return null;
  const list = intList(group);
  if (!list || list.some((n) => n < min || n > max)) throw badRequest(`参数 group 应为逗号分隔的 ${min}-${max} 的整数`);
  return new Set(list);
}
