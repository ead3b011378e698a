/**
 * 第三方授权: read-only keys for outside parties (a data bureau, a map vendor), one area each, with a
 * validity period (getThirdPartyAuthList; phones come masked). 新增 shows the key once with a copy
 * button; 重置密钥 replaces it (the old one stops at once); 撤销 / 恢复 after 温馨提示 (恢复 issues a
 * new key, shown once: a revoked secret never works again). Needs 用户管理.
 * Editing: name, company, phone (unique among keys, checkAuthPhone; left as it is unless a new one is
 * typed), area within the editor's own, validity (keys always expire).
 */
import { Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { CrudTab, defineCrud, optionsOf } from '../../components/desk';
import PasswordOnce, { type ShownPassword } from './PasswordOnce';
import { DATE_FORMAT, phoneRule, validityRule } from './rules';
import { authPhoneTaken, fetchThirdParty, resetThirdPartyKey, saveThirdParty } from './service';
import type { ThirdPartyBody, ThirdPartyKey, ThirdPartyRow } from './types';
import ValidityPicker from './ValidityPicker';

type Values = Omit<ThirdPartyBody, 'id' | 'status'>;

function State({ k }: { k: ThirdPartyRow }) {
  if (k.status === 1) return <Tag color="red">已撤销</Tag>;
  if (k.expired) return <Tag color="orange">已过期</Tag>;
  return <Tag color="green">有效</Tag>;
}

const SAVE = '/api/saveThirdPartyAuthUser';
const PHONE = phoneRule(SAVE);
const MOBILE = typeof PHONE === 'object' ? PHONE.pattern : undefined;

function uniquePhone(id: number | undefined): Rule {
  return {
    validator: async (_, v: unknown) => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (MOBILE && !MOBILE.test(s)) return;
      if (await authPhoneTaken(s, id)) throw new Error('该手机号已有授权');
    },
  };
}

const shownKey = (name: string, key: string): ShownPassword => ({
  who: name,
  password: key,
  title: '第三方密钥',
  label: `“${name}”的访问密钥（请求头 Authorization: Bearer 密钥）：`,
  warning: '密钥只显示这一次，请立即复制并安全转交对方；遗失后只能重置',
});

const thirdPartySpec = (show: (s: ShownPassword) => void) =>
  defineCrud<ThirdPartyRow, ThirdPartyKey, Values>({
    key: 'thirdParty',
    rowKey: 'id',
    list: fetchThirdParty,
    areaFilter: true,
    filters: [
      { name: 'name', label: '名称', type: 'input' },
      { name: 'company', label: '单位', type: 'input' },
      { name: 'phone', label: '联系手机', type: 'input' },
      { name: 'state', label: '状态', type: 'select', options: optionsOf({ 0: '有效', 1: '已撤销', 2: '已过期' }) },
    ],
    columns: [
      { title: '名称', dataIndex: 'name', width: 130, ellipsis: true },
      { title: '单位', dataIndex: 'company', width: 130, ellipsis: true, render: (v: string | null) => v || '—' },
      { title: '联系手机', dataIndex: 'phone', width: 110 },
      { title: '授权区域', dataIndex: 'areaName', width: 90 },
      { title: '有效期至', dataIndex: 'expireTime', width: 100, render: (v: string) => v.slice(0, 10) },
      { title: '状态', key: 'state', width: 75, render: (_, k) => <State k={k} /> },
      { title: '密钥', dataIndex: 'keyPrefix', width: 130, render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
      {
        title: '最近使用',
        dataIndex: 'lastUseTime',
        width: 150,
        render: (v: string | null) => v ?? <Typography.Text type="secondary">从未使用</Typography.Text>,
      },
      {
        title: '创建',
        key: 'created',
        width: 170,
        render: (_, k) => (
          <span title={k.createTime}>
            {k.creatorName ?? '—'} {k.createTime.slice(0, 10)}
          </span>
        ),
      },
    ],
    actionsWidth: 170,
    actions: (k, kit) => [
      kit.editAction(k),
      {
        label: '重置密钥',
        confirm: `确定要重置“${k.name}”的密钥吗？原密钥将立即失效。`,
        onClick: () => kit.run(async () => show(shownKey(k.name, await resetThirdPartyKey(k.id)))),
      },
      k.status === 1
        ? {
            label: '恢复',
            confirm: `确定要恢复“${k.name}”的授权吗？将生成新密钥，原密钥不再可用。`,
            onClick: () =>
              kit.run(async () => {
                const { key } = await saveThirdParty({ id: k.id, status: 0 });
                if (key) show(shownKey(k.name, key));
              }, '授权已恢复'),
          }
        : {
            label: '撤销',
            danger: true,
            confirm: `确定要撤销“${k.name}”的授权吗？撤销后其密钥立即失效。`,
            onClick: () => kit.run(() => saveThirdParty({ id: k.id, status: 1 }), '授权已撤销'),
          },
    ],
    form: {
      noun: '授权',
      created: '授权已创建',
      updated: '授权已保存',
      rulesOf: SAVE,
      useFields: (row) => [
        { name: 'name', label: '名称', type: 'input', required: true, placeholder: '如：某区数据局' },
        { name: 'company', label: '单位', type: 'input' },
        {
          name: 'phone',
          label: '联系手机',
          type: 'input',
          required: !row,
          placeholder: row ? `${row.phone}（不修改请留空）` : undefined,
          rules: [PHONE, uniquePhone(row?.id)],
        },
        { name: 'areaId', label: '授权区域', type: 'area', required: true },
        {
          name: 'expireTime',
          label: '有效期',
          type: 'custom',
          required: true,
          rules: [validityRule(row?.expireTime.slice(0, 10))],
          render: (p) => <ValidityPicker {...p} allowForever={false} />,
          extra: '有效期至所选日期当天 23:59:59',
        },
      ],
      initial: (row, areaId) =>
        row
          ? { name: row.name, company: row.company ?? undefined, areaId: row.areaId, expireTime: row.expireTime.slice(0, 10) }
          : { areaId, expireTime: dayjs().add(1, 'year').format(DATE_FORMAT) },
      save: async (v, row) => {
        const name = (v.name ?? '').trim();
        const saved = await saveThirdParty({
          id: row?.id,
          name,
          company: v.company?.trim() || null,
          phone: v.phone?.trim() || undefined,
          areaId: v.areaId,
          expireTime: v.expireTime,
        });
        if (saved.key) show(shownKey(name, saved.key));
      },
    },
  });

export default function ThirdPartyTab() {
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const spec = useMemo(() => thirdPartySpec(setShown), []);
  return (
    <>
      <CrudTab spec={spec} />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
