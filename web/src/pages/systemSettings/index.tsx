/**
 * 系统设置 (#/systemSettings/{tab}): 用户管理 ('user', button 112), 角色管理 ('role', 113), 账号审核
 * ('audit', 114), 第三方授权 ('thirdParty', 112) and 操作日志 ('log', 119) of menu 9 as tabs of one
 * desk page; a tab the user lacks the permission for is left out.
 */
import { useSession } from '../../app/session/store';
import { DeskPage, DeskTabs } from '../../components/desk';
import { can } from '../../lib/permission';
import Applications from './applications';
import AuditLogTab from './auditLog';
import RolesTab from './roles';
import ThirdPartyTab from './thirdParty';
import UsersTab from './users';
import './systemSettings.css';

export default function SystemSettings() {
  const perms = useSession((s) => s.permissions);
  const areaUser = useSession((s) => (s.user?.userLevel ?? 0) >= 2);
  const canUsers = can(perms, 'user.manage');
  const canRoles = can(perms, 'role.manage');
  const canAudit = can(perms, 'user.audit');
  return (
    <DeskPage screen="systemSettings">
      <DeskTabs
        items={[
          { key: 'user', label: '用户管理', allowed: canUsers, render: () => <UsersTab areaUser={areaUser} canRoles={canRoles} /> },
          { key: 'role', label: '角色管理', allowed: canRoles, render: () => <RolesTab /> },
          { key: 'audit', label: '账号审核', allowed: canAudit, render: () => <Applications areaUser={areaUser} /> },
          { key: 'thirdParty', label: '第三方授权', allowed: canUsers, render: () => <ThirdPartyTab /> },
          { key: 'log', label: '操作日志', allowed: can(perms, 'audit.view'), render: () => <AuditLogTab areaUser={areaUser} /> },
        ]}
      />
    </DeskPage>
  );
}
