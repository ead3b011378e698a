/**
 * 新增用户 / 编辑用户: username and initial password on create (the server's rules), name, phone
 * (spec §5: 11 digits, shown whole only here), roles the server offers this editor (role/addRoleAll),
 * area within the editor's own (the session's area tree), validity, 所属企业 (an enterprise account
 * sees only its enterprise's data), ID card photos (uploaded at once, attached on save). A refusal
 * keeps the dialog open.
 */
import { useQuery } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { FormDialog, type Field, type Option } from '../../components/desk';
import { ImageUpload } from '../../components/uploads';
import { FOREVER, PASSWORD_RULE, PHONE_RULE, USERNAME_RULE, validityFrom, validityOf, validityRule } from './rules';
import ValidityPicker from './ValidityPicker';
import { addUser, editUser, fetchAssignableRoles, fetchEnterpriseOptions, phoneTaken, usernameTaken } from './service';
import type { UserRow } from './types';

export interface UserValues {
  username: string;
  password: string;
  name: string;
  phone?: string;
  company?: string;
  /** role ids as the picker holds them (strings) */
  roleIds?: string[];
  areaId: string;
  validity?: string;
  /** enterprise id as the picker holds it (string); empty: a regulator's account */
  brandId?: string;
  idcardUrl?: string | null;
  idcardBackUrl?: string | null;
}

/** A rule asking the server whether a well-formed value is already taken (checked on blur and on submit). */
function unique(pattern: RegExp, taken: (v: string) => Promise<boolean>, message: string): Rule {
  return {
    validator: async (_, v: unknown) => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (!pattern.test(s)) return; // the pattern rule says what is wrong
      if (await taken(s)) throw new Error(message);
    },
  };
}

/** The dialog's fields; `userId` is the account being edited (its own phone is not taken). */
export function userFields(userId: number | null, roles: Option[], rolesLoading: boolean, keptValidity: string | undefined, brands: Option[] = []): Field[] {
  const creating = userId === null;
  const account: Field[] = creating
    ? [
        {
          name: 'username',
          label: '用户名',
          type: 'input',
          required: true,
          rules: [USERNAME_RULE, unique(/^[A-Za-z0-9_]{3,32}$/, usernameTaken, '用户名已存在，请换一个')],
          placeholder: '3-32 位字母、数字或下划线',
        },
        {
          name: 'password',
          label: '初始密码',
          type: 'input',
          required: true,
          rules: [PASSWORD_RULE],
          placeholder: '6-32 位，含字母和数字',
          extra: '请转交用户，并提醒其登录后修改',
        },
      ]
    : [{ name: 'username', label: '用户名', type: 'display' }];
  return [
    ...account,
    { name: 'name', label: '姓名', type: 'input', required: true, rules: [{ max: 64, message: '姓名最多 64 个字' }] },
    {
      name: 'phone',
      label: '手机号',
      type: 'input',
      rules: [PHONE_RULE, unique(/^1\d{10}$/, (p) => phoneTaken(p, userId ?? undefined), '手机号已被其他账号使用')],
    },
    { name: 'company', label: '单位', type: 'input', rules: [{ max: 128, message: '单位最多 128 个字' }] },
    { name: 'roleIds', label: '角色', type: 'select', multiple: true, options: roles, loading: rolesLoading },
    { name: 'areaId', label: '区域', type: 'area', required: true },
    {
      name: 'validity',
      label: '有效期',
      type: 'custom',
      rules: [validityRule(keptValidity)],
      render: (p) => <ValidityPicker {...p} />,
      extra: '有效期至所选日期当天 23:59:59，到期后账号无法登录',
    },
    {
      name: 'brandId',
      label: '所属企业',
      type: 'select',
      options: brands,
      placeholder: '监管账号无需选择',
      extra: '选择企业即为企业账号：只看本企业的数据和发给它的通知',
    },
    {
      name: 'idcardUrl',
      label: '身份证正面',
      type: 'custom',
      render: (p) => <ImageUpload {...p} value={p.value as string | null} alt="身份证正面" />,
    },
    {
      name: 'idcardBackUrl',
      label: '身份证背面',
      type: 'custom',
      render: (p) => <ImageUpload {...p} value={p.value as string | null} alt="身份证背面" />,
    },
  ];
}

/** The form's values of an account (edit), or of a new one. */
function initialOf(user: UserRow | null, areaId?: string): Partial<UserValues> {
  if (!user) return { areaId, validity: FOREVER, roleIds: [] };
  return {
    username: user.username,
    name: user.name,
    phone: user.phone ?? undefined,
    company: user.company ?? undefined,
    roleIds: user.roles.map((r) => String(r.id)),
    areaId: user.areaId,
    validity: validityFrom(user.unavailableTime),
    brandId: user.brandId ? String(user.brandId) : undefined,
    idcardUrl: user.idcardUrl,
    idcardBackUrl: user.idcardBackUrl,
  };
}

interface Props {
  /** the account being edited, 'new', or null (closed) */
  editing: UserRow | 'new' | null;
  /** the area a new account starts in */
  areaId?: string;
  onClose: () => void;
  onSaved: () => unknown;
}

export default function UserForm({ editing, areaId, onClose, onSaved }: Props) {
  const user = editing === 'new' ? null : editing;
  const roles = useQuery({ queryKey: ['systemSettings', 'assignableRoles'], queryFn: fetchAssignableRoles, enabled: editing !== null, staleTime: 60_000 });
  const brands = useQuery({ queryKey: ['systemSettings', 'enterprises'], queryFn: fetchEnterpriseOptions, enabled: editing !== null, staleTime: 60_000 });
  const fields = useMemo(() => {
    // the account's own roles keep their names even when this editor may not hand them out
    const offered = new Map<number, string>((roles.data ?? []).map((r) => [r.id, r.roleName]));
    for (const r of user?.roles ?? []) if (!offered.has(r.id)) offered.set(r.id, r.roleName);
    const options = [...offered].map(([id, label]) => ({ value: String(id), label }));
    const brandOptions = (brands.data ?? []).map((b) => ({ value: String(b.brandId), label: b.brandName }));
    return userFields(user?.id ?? null, options, roles.isLoading, user ? validityFrom(user.unavailableTime) : undefined, brandOptions);
  }, [roles.data, roles.isLoading, brands.data, user]);

  const submit = async (v: UserValues) => {
    const common = {
      name: v.name.trim(),
      roleIds: (v.roleIds ?? []).map(Number),
      areaId: v.areaId,
      brandId: v.brandId ? Number(v.brandId) : null,
      idcardUrl: v.idcardUrl || null,
      idcardBackUrl: v.idcardBackUrl || null,
    };
    if (user) {
      // the validity goes only when changed: an expired account can be edited without picking a new date
      const validity = v.validity === validityFrom(user.unavailableTime) ? {} : { unavailableTime: validityOf(v.validity) };
      await editUser({ id: user.id, ...common, ...validity, phone: v.phone?.trim() || null, company: v.company?.trim() || null });
    } else {
      await addUser({
        ...common,
        unavailableTime: validityOf(v.validity),
        username: v.username.trim(),
        password: v.password,
        phone: v.phone?.trim() || undefined,
        company: v.company?.trim() || undefined,
      });
    }
    await onSaved();
  };

  return (
    <FormDialog<UserValues>
      open={editing !== null}
      title={user ? '编辑用户' : '新增用户'}
      fields={fields}
      initialValues={initialOf(user, areaId)}
      success={user ? '用户修改成功' : '用户添加成功'}
      horizontal
      width={560}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
