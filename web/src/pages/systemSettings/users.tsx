/**
 * 用户管理: the accounts of the editor's area and below (user/list), phones masked (spec §5), with
 * 编辑, 重置密码 (the new password shown once), 禁用 / 启用 (温馨提示 first). Every call needs 用户管理.
 * The dialog: username and initial password on create (the server's rules), name, phone (spec §5: 11
 * digits, shown whole only here), roles the server offers this editor (role/addRoleAll), area within
 * the editor's own, validity, 所属企业 (an enterprise account sees only its enterprise's data), ID card
 * photos (uploaded at once, attached on save).
 */
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/store';
import { type CrudForm, CrudTab, type Field, type Option, defineCrud, optionsOf, serverField } from '../../components/desk';
import { ImageUpload } from '../../components/uploads';
import { maskMobile } from '../../lib/mask';
import { can } from '../../lib/permission';
import PasswordOnce, { type ShownPassword } from './PasswordOnce';
import { FOREVER, PASSWORD_MIX_RULE, passwordHint, phoneRule, usernameRule, validityFrom, validityOf, validityRule } from './rules';
import {
  addUser,
  banUser,
  editUser,
  fetchAssignableRoles,
  fetchEnterpriseOptions,
  fetchUsers,
  fetchVisibleRoles,
  phoneTaken,
  resetPassword,
  usernameTaken,
} from './service';
import type { UserAddBody, UserKey, UserRow } from './types';
import ValidityPicker from './ValidityPicker';

/** The bodies of user/add and user/edit as the pickers hold them: ids as strings, 有效期 FOREVER or a day. */
type Values = Omit<UserAddBody, 'roleIds' | 'brandId'> & { roleIds?: string[]; brandId?: string };

const USER_STATUS: Record<number, { label: string; color: string }> = {
  0: { label: '正常', color: 'green' },
  1: { label: '禁用', color: 'red' },
};

function Validity({ at }: { at: string | null }) {
  if (!at) return <span>长期</span>;
  return dayjs(at).isBefore(dayjs()) ? <Tag color="orange">{at.slice(0, 10)} 已过期</Tag> : <span>{at.slice(0, 10)}</span>;
}

const ADD = '/api/user/add';
const USERNAME = usernameRule(ADD);

/** A rule asking the server whether a well-formed value is already taken (checked on blur and on submit). */
function unique(form: Rule, taken: (v: string) => Promise<boolean>, message: string): Rule {
  const pattern = typeof form === 'object' ? form.pattern : undefined;
  return {
    validator: async (_, v: unknown) => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (pattern && !pattern.test(s)) return; // the pattern rule says what is wrong
      if (await taken(s)) throw new Error(message);
    },
  };
}

/** The dialog's fields for an account (null: a new one), with the roles and enterprises the server offers. */
function useUserFields(user: UserRow | null): Field[] {
  const roles = useQuery({ queryKey: ['systemSettings', 'assignableRoles'], queryFn: fetchAssignableRoles, staleTime: 60_000 });
  const brands = useQuery({ queryKey: ['systemSettings', 'enterprises'], queryFn: fetchEnterpriseOptions, staleTime: 60_000 });
  return useMemo(() => {
    // the account's own roles keep their names even when this editor may not hand them out
    const offered = new Map<number, string>((roles.data ?? []).map((r) => [r.id, r.roleName]));
    for (const r of user?.roles ?? []) if (!offered.has(r.id)) offered.set(r.id, r.roleName);
    const phone = phoneRule(user ? '/api/user/edit' : ADD);
    const account: Field[] = user
      ? [{ name: 'username', label: '用户名', type: 'display' }]
      : [
          {
            name: 'username',
            label: '用户名',
            type: 'input',
            required: true,
            rules: [USERNAME, unique(USERNAME, usernameTaken, '用户名已存在，请换一个')],
            placeholder: serverField(ADD, 'username').description,
          },
          {
            name: 'password',
            label: '初始密码',
            type: 'input',
            required: true,
            rules: [PASSWORD_MIX_RULE],
            placeholder: passwordHint(ADD),
            extra: '请转交用户，并提醒其登录后修改',
          },
        ];
    return [
      ...account,
      { name: 'name', label: '姓名', type: 'input', required: true },
      {
        name: 'phone',
        label: '手机号',
        type: 'input',
        rules: [phone, unique(phone, (p) => phoneTaken(p, user?.id), '手机号已被其他账号使用')],
      },
      { name: 'company', label: '单位', type: 'input' },
      {
        name: 'roleIds',
        label: '角色',
        type: 'select',
        multiple: true,
        options: [...offered].map(([id, label]) => ({ value: String(id), label })),
        loading: roles.isLoading,
      },
      { name: 'areaId', label: '区域', type: 'area', required: true },
      {
        name: 'unavailableTime',
        label: '有效期',
        type: 'custom',
        rules: [validityRule(user ? validityFrom(user.unavailableTime) : undefined)],
        render: (p) => <ValidityPicker {...p} />,
        extra: '有效期至所选日期当天 23:59:59，到期后账号无法登录',
      },
      {
        name: 'brandId',
        label: '所属企业',
        type: 'select',
        options: (brands.data ?? []).map((b) => ({ value: String(b.brandId), label: b.brandName })),
        placeholder: '监管账号无需选择',
        extra: '选择企业即为企业账号：只看本企业的数据和发给它的通知',
      },
      { name: 'idcardUrl', label: '身份证正面', type: 'custom', render: (p) => <ImageUpload {...p} value={p.value as string | null} alt="身份证正面" /> },
      { name: 'idcardBackUrl', label: '身份证背面', type: 'custom', render: (p) => <ImageUpload {...p} value={p.value as string | null} alt="身份证背面" /> },
    ];
  }, [roles.data, roles.isLoading, brands.data, user]);
}

const userForm: CrudForm<UserRow, Values> = {
  noun: '用户',
  rulesOf: (user) => (user ? '/api/user/edit' : ADD),
  useFields: useUserFields,
  initial: (u, areaId) =>
    u
      ? {
          username: u.username,
          name: u.name,
          phone: u.phone ?? undefined,
          company: u.company ?? undefined,
          roleIds: u.roles.map((r) => String(r.id)),
          areaId: u.areaId,
          unavailableTime: validityFrom(u.unavailableTime),
          brandId: u.brandId ? String(u.brandId) : undefined,
          idcardUrl: u.idcardUrl,
          idcardBackUrl: u.idcardBackUrl,
        }
      : { areaId, unavailableTime: FOREVER, roleIds: [] },
  save: async (v, u) => {
    const common = {
      name: v.name?.trim(),
      roleIds: (v.roleIds ?? []).map(Number),
      areaId: v.areaId,
      brandId: v.brandId ? Number(v.brandId) : null,
      idcardUrl: v.idcardUrl || null,
      idcardBackUrl: v.idcardBackUrl || null,
    };
    if (u) {
      // the validity goes only when changed: an expired account can be edited without picking a new date
      const validity = v.unavailableTime === validityFrom(u.unavailableTime) ? {} : { unavailableTime: validityOf(v.unavailableTime) };
      await editUser({ id: u.id, ...common, ...validity, phone: v.phone?.trim() || null, company: v.company?.trim() || null });
    } else {
      await addUser({
        ...common,
        unavailableTime: validityOf(v.unavailableTime),
        username: v.username.trim(),
        password: v.password,
        phone: v.phone?.trim() || undefined,
        company: v.company?.trim() || undefined,
      });
    }
  },
  dialog: { horizontal: true, width: 560 },
};

const usersSpec = (roles: Option[], selfId: number | string | undefined, show: (s: ShownPassword) => void) =>
  defineCrud<UserRow, UserKey, Values>({
    key: 'users',
    rowKey: 'id',
    list: fetchUsers,
    areaFilter: true,
    filters: [
      { name: 'username', label: '用户名', type: 'input' },
      { name: 'name', label: '姓名', type: 'input' },
      { name: 'phone', label: '手机号', type: 'input' },
      { name: 'roleId', label: '角色', type: 'select', options: roles },
      { name: 'status', label: '状态', type: 'select', options: optionsOf({ 0: '正常', 1: '禁用' }) },
    ],
    columns: [
      { title: '用户名', dataIndex: 'username', width: 120, ellipsis: true },
      { title: '姓名', dataIndex: 'name', width: 100, ellipsis: true },
      { title: '手机号', dataIndex: 'phone', width: 120, render: (v: string | null) => maskMobile(v) || '—' },
      { title: '角色', key: 'roles', width: 150, ellipsis: true, render: (_, u) => u.roles.map((r) => r.roleName).join('、') || '—' },
      { title: '区域', dataIndex: 'areaName', width: 100 },
      { title: '有效期', dataIndex: 'unavailableTime', width: 120, render: (v: string | null) => <Validity at={v} /> },
      { title: '状态', dataIndex: 'status', width: 70, render: (s: number) => <Tag color={USER_STATUS[s]?.color}>{USER_STATUS[s]?.label ?? s}</Tag> },
      { title: '创建时间', dataIndex: 'createTime', width: 160 },
    ],
    actionsWidth: 165,
    actions: (u, kit) => {
      const who = u.name || u.username;
      return [
        kit.editAction(u),
        {
          label: '重置密码',
          confirm: `确定要重置用户“${who}”的密码吗？原密码将立即失效。`,
          onClick: () =>
            kit.run(async () => {
              const password = await resetPassword(u.id);
              if (password) show({ who, password });
            }),
        },
        u.status === 1
          ? { label: '启用', confirm: `确定要启用用户“${who}”吗？`, onClick: () => kit.run(() => banUser(u.id, 0), '用户已启用') }
          : {
              label: '禁用',
              danger: true,
              hidden: String(u.id) === String(selfId),
              confirm: `确定要禁用用户“${who}”吗？禁用后其登录立即失效。`,
              onClick: () => kit.run(() => banUser(u.id, 1), '用户已禁用'),
            },
      ];
    },
    form: userForm,
    permissions: { edit: 'user.manage' },
  });

/** Role filter options: every visible role with 角色管理, else the roles this editor may assign. */
function useRoleOptions(): Option[] {
  const canRoles = useSession((s) => can(s.permissions, 'role.manage'));
  const roles = useQuery({
    queryKey: ['systemSettings', canRoles ? 'visibleRoles' : 'assignableRoles'],
    queryFn: canRoles ? fetchVisibleRoles : fetchAssignableRoles,
    staleTime: 60_000,
  });
  return useMemo(() => (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName })), [roles.data]);
}

export default function UsersTab() {
  const roles = useRoleOptions();
  const selfId = useSession((s) => s.user?.id);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const spec = useMemo(() => usersSpec(roles, selfId, setShown), [roles, selfId]);
  return (
    <>
      <CrudTab spec={spec} />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
