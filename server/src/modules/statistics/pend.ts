/**
 * To-do counts of the home page (spec §2 to-do list, §3 To-do counts) for the areas in scope.
 * Applications are self-registered accounts waiting for audit (audit_status 0, users/applications.ts):
 * userPend the platform accounts (apply_type 1), the others by the role applied for (spec §6 role
 * ids: 5 reporters, 27 site role, 31 maintainers, 32 supervisors, 34 maintainer warnings).
 * - siteApplyPend counts the site applications waiting for a decision (the field app's, issue 28).
 * - accusePend counts the violation reports not yet handled or dismissed.
 * - dispatchWarnPend counts the 维护预警 (a clock missed, late or out of range) not yet handled.
 * - siteRolePend (extra key) counts pending site-role (27) accounts, the "site role applications" item.
 * - dispatchPend counts the work orders waiting for the regulator.
 * An enterprise account counts its own enterprise's orders, warnings, reports and applications.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { LOW_POWER } from '../../domain/power.js';
import * as repo from './repo.js';
import type { PendData } from './schemas.js';

export type PendCounts = Static<typeof PendData>;

export async function pendCounts(database: Database, areaIds: string[], brandId: number | null = null): Promise<PendCounts> {
  return repo.pendingCounts(database, areaIds, LOW_POWER, brandId);
}
