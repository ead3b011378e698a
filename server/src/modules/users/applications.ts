/**
 * Account applications (账号审核, issue 11): people register themselves for a platform account
 * (the auditor gives its roles) or for one applicable role (5, 27, 31, 32, 34); the account waits
 * in audit state 0 until a regulator of its area approves (the account becomes usable) or rejects
 * it with a reason (shown at login).
 */
import type { Database } from '../../db/client.js';
import type { Auth } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { ROOT_AREA_ID, type AreaTree } from '../../domain/areas.js';
import { hashPassword, passwordProblem } from '../../domain/password.js';
import { assertAssignable } from './roleGrants.js';
import { loadManaged, phoneTaken, usernameTaken } from './service.js';
import * as repo from './repo.js';
import type { Decision, Registration } from './schemas.js';

const APPLY_TYPE = { platform: 1, role: 2 } as const;

/** Counts a registration attempt of an address in the current window (shared by every process); answers the count so far. */
export const registrationAttempt = (database: Database, address: string, windowMinutes: number) => repo.countRegisterAttempt(database, address, windowMinutes);

const blank = (v: string | undefined) => !v || v.trim() === '';

/**
 * Checks a registration like the add-user form, then stores the account waiting for audit. The
 * answer is the same whoever already exists (no account enumeration from a public form): a taken
 * username stores nothing (logging in then fails as for a wrong password, and the applicant applies
 * again under another name); a taken phone stores the application already refused, its reason
 * shown only to whoever logs in with the password just chosen.
 */
export async function register(database: Database, tree: AreaTree, input: Registration): Promise<void> {
  if (blank(input.name)) throw badRequest('参数 name 不能为空');
  if (!tree.get(input.areaId) || input.areaId === ROOT_AREA_ID) throw badRequest('参数 areaId 请选择具体的省、市或区县');
  let roleIds: number[] = [];
  if (input.applyType === APPLY_TYPE.role) {
    if (input.roleId === undefined) throw badRequest('参数 roleId 不能为空：请选择申请的角色');
    const applicable = await repo.applicableRoles(database);
    if (!applicable.some((r) => r.id === input.roleId)) throw badRequest('参数 roleId 不是可申请的角色');
    roleIds = [input.roleId];
  }
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(`参数 password：${problem}`);
  // hashed whatever follows, so that a taken username answers no faster than a free one
  const passwordHash = await hashPassword(input.password);
  if (await usernameTaken(database, input.username)) return;
  const refused = (await phoneTaken(database, input.phone)) ? '手机号已被其他账号使用，请换一个手机号重新申请' : undefined;
  await repo
    .inTransaction(database, async (w) => {
      const applicant = {
        username: input.username,
        passwordHash,
        name: input.name.trim(),
        phone: input.phone,
        company: blank(input.company) ? null : input.company!.trim(),
        areaId: input.areaId,
        applyType: input.applyType,
        applyReason: blank(input.reason) ? null : input.reason!.trim(),
      };
      const id = await repo.insertApplicant(w, applicant, refused);
      await repo.replaceRoles(w, id, roleIds);
    })
    .catch((e: unknown) => {
      // the same username registered meanwhile: answered as any taken one
      if ((e as { code?: string }).code !== '23505') throw e;
    });
}

/**
 * Approves or rejects a pending application of the auditor's area. Approving a role application
 * grants the role applied for, a platform account the roles chosen here; either way only roles
 * the auditor may give (roleGrants).
 */
export async function auditApplication(database: Database, auth: Auth, id: number, d: Decision) {
  const target = await loadManaged(database, auth, id);
  const app = await repo.findApplication(database, id);
  if (!app || app.applyType === null) throw notFound('申请');
  if (app.auditStatus !== 0) throw badRequest('该申请已审核，请刷新后重试');
  const remark = d.remark?.trim() || null;
  let roleIds: number[] | null = null;
  if (d.auditStatus === 2) {
    if (!remark) throw badRequest('参数 remark 不能为空：驳回时请填写原因');
  } else if (app.applyType === APPLY_TYPE.platform) {
    if (!d.roleIds?.length) throw badRequest('参数 roleIds 不能为空：平台账号通过时请分配角色');
    await assertAssignable(database, auth, d.roleIds, target.areaId);
    roleIds = d.roleIds;
  } else {
    await assertAssignable(database, auth, target.roleIds, target.areaId);
  }
  await repo.inTransaction(database, async (w) => {
    if (!(await repo.setAudit(w, id, d.auditStatus, remark, auth.user.id))) throw badRequest('该申请已审核，请刷新后重试');
    if (roleIds) await repo.replaceRoles(w, id, roleIds);
  });
}

export const applicableRoles = repo.applicableRoles;
export const childAreas = repo.childAreas;
