/** Abnormal type labels 1..14 (spec §4): the server's own table (server/src/domain/abnormal.ts). */
import { ABNORMAL_TYPES } from '../../../server/src/domain/abnormal';

export { ABNORMAL_TYPES };

/** Label of an abnormal type; unknown types give 未知异常. */
export function abnormalTypeLabel(type: number | string | null | undefined): string {
  return ABNORMAL_TYPES[Number(type)] ?? '未知异常';
}
