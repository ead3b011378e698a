/**
 * 新增授权 / 编辑授权 of 第三方授权: name, company, phone (unique among keys, checkAuthPhone; the list
 * shows it masked, so editing leaves it as it is unless a new one is typed), area within the
 * editor's own, validity (keys always expire). A new key comes back once (onCreated).
 */
import { useMemo } from 'react';
import type { Rule } from 'antd/es/form';
import { FormDialog, type Field } from '../../components/desk';
import dayjs from 'dayjs';
import { DATE_FORMAT, PHONE_RULE, validityRule } from './rules';
import ValidityPicker from './ValidityPicker';
import { authPhoneTaken, saveThirdParty } from './service';
import type { ThirdPartyRow } from './types';

interface Values {
  name: string;
  company?: string;
  phone?: string;
  areaId: string;
  expireTime: string;
}

function uniquePhone(id: number | undefined): Rule {
  return {
    validator: async (_, v: unknown) => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (!/^1\d{10}$/.test(s)) return;
      if (await authPhoneTaken(s, id)) throw new Error('该手机号已有授权');
    },
  };
}

export function thirdPartyFields(editing: ThirdPartyRow | null): Field[] {
  return [
    { name: 'name', label: '名称', type: 'input', required: true, placeholder: '如：某区数据局', rules: [{ max: 64, message: '名称最多 64 个字' }] },
    { name: 'company', label: '单位', type: 'input', rules: [{ max: 128, message: '单位最多 128 个字' }] },
    {
      name: 'phone',
      label: '联系手机',
      type: 'input',
      required: !editing,
      placeholder: editing ? `${editing.phone}（不修改请留空）` : undefined,
      rules: [PHONE_RULE, uniquePhone(editing?.id)],
    },
    { name: 'areaId', label: '授权区域', type: 'area', required: true },
    {
      name: 'expireTime',
      label: '有效期',
      type: 'custom',
      required: true,
      rules: [validityRule(editing?.expireTime.slice(0, 10))],
      render: (p) => <ValidityPicker {...p} allowForever={false} />,
      extra: '有效期至所选日期当天 23:59:59',
    },
  ];
}

interface Props {
  editing: ThirdPartyRow | 'new' | null;
  areaId: string | undefined;
  onClose: () => void;
  onSaved: () => void;
  onCreated: (name: string, key: string) => void;
}

export default function ThirdPartyForm({ editing, areaId, onClose, onSaved, onCreated }: Props) {
  const row = editing === 'new' ? null : editing;
  const fields = useMemo(() => thirdPartyFields(row), [row]);
  if (!editing) return null;
  const initialValues: Partial<Values> = row
    ? { name: row.name, company: row.company ?? undefined, areaId: row.areaId, expireTime: row.expireTime.slice(0, 10) }
    : { areaId, expireTime: dayjs().add(1, 'year').format(DATE_FORMAT) };
  return (
    <FormDialog<Values>
      open
      title={row ? '编辑授权' : '新增授权'}
      fields={fields}
      initialValues={initialValues}
      success={row ? '授权已保存' : '授权已创建'}
      onClose={onClose}
      onSubmit={async (v) => {
        const phone = v.phone?.trim() || undefined;
        const saved = await saveThirdParty({
          ...(row ? { id: row.id } : {}),
          name: v.name.trim(),
          company: v.company?.trim() || null,
          phone,
          areaId: v.areaId,
          expireTime: v.expireTime,
        });
        onSaved();
        if (saved.key) onCreated(v.name.trim(), saved.key);
      }}
    />
  );
}
