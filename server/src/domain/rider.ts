/**
 * The rider of a ride order as the platform keeps it (issue 14, 站外还车扣费): the operator reports
 * the rider's phone with the return; the platform keeps a digest, to count returns and fees per
 * rider, and the masked phone (spec §5 mask: 138****5678) to show. The phone itself is not stored.
 */
import { createHash } from 'node:crypto';

export const RIDER_PHONE = /^1\d{10}$/;

/** 13812345678 → 138****5678 */
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

export function riderOf(phone: string): { key: string; phone: string } {
  return { key: createHash('sha256').update(`rider:${phone}`).digest('hex'), phone: maskPhone(phone) };
}
