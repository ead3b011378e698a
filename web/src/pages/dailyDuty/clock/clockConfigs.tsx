/**
 * 日常值守 · 打卡配置 (#/dailyDuty/clockConfig, issue 28 point 3): who clocks when. A config names a
 * role (运维人员 / 监督员) of an area, one enterprise or all, the days of the week, the time windows
 * (start before end, none overlapping another's late time), the clocks per window, a radius over the
 * clock sites' own, the late minutes, and whether it is on. With 打卡设置 (clock.manage) 新增 / 编辑 /
 * 删除 and the 启用 switch.
 */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { type CrudForm, CrudTab, type Field, RowSwitch, defineCrud, useAreaBrands } from '../../../components/desk';
import { deleteClockConfig, fetchClockConfigs, saveClockConfig } from './service';
import { CONFIG_ROLE_OPTIONS, DAY_OPTIONS, ROLE_FILTER, daysText } from './shared';
import TimeWindows, { windowsRule } from './TimeWindows';
import type { ClockConfig, ClockConfigBody, ClockConfigKey, ClockWindow } from './types';

interface ConfigValues {
  name: string;
  roleId: string;
  areaId: string;
  brandId?: string;
  days: string[];
  windows: ClockWindow[];
  clocksPerWindow: number;
  radius?: number | null;
  lateMinutes: number;
  enabled: boolean;
}

const windowsText = (ws: readonly ClockWindow[]) => ws.map((w) => `${w.start}-${w.end}`).join('、');

/** The body that saves a config as it is (the 启用 switch saves it with `enabled` changed). */
const bodyOf = (c: ClockConfig): ClockConfigBody => ({
  id: c.id,
  name: c.name,
  areaId: c.areaId,
  brandId: c.brandId,
  roleId: c.roleId,
  days: c.days,
  windows: c.windows,
  clocksPerWindow: c.clocksPerWindow,
  radius: c.radius,
  lateMinutes: c.lateMinutes,
  enabled: c.enabled,
});

const configForm: CrudForm<ClockConfig, ConfigValues> = {
  noun: '打卡配置',
  rulesOf: '/api/clockRecord/saveClockConfigInfo',
  // labels beside the controls: ten fields fit a 1080-pixel screen
  dialog: { width: 680, horizontal: true },
  useFields: function useConfigFields() {
    const brands = useAreaBrands();
    return useMemo(
      (): Field<keyof ConfigValues>[] => [
        { name: 'name', label: '名称', type: 'input', required: true, placeholder: '如：运维人员工作日打卡' },
        { name: 'roleId', label: '角色', type: 'select', required: true, options: CONFIG_ROLE_OPTIONS },
        { name: 'areaId', label: '区域', type: 'area', required: true, extra: '对该区域及下级区域的人员生效' },
        { name: 'brandId', label: '企业', type: 'select', options: brands.options, loading: brands.loading, placeholder: '不选：区域内所有企业' },
        { name: 'days', label: '打卡日', type: 'checks', required: true, options: DAY_OPTIONS },
        {
          name: 'windows',
          label: '打卡时段',
          type: 'custom',
          required: true,
          render: (p) => <TimeWindows {...(p as { value?: ClockWindow[]; onChange?: (v: ClockWindow[]) => void; id?: string })} />,
          rules: [windowsRule],
          dependencies: ['lateMinutes'],
          extra: '时段结束后迟到时限内的打卡记为迟到；各时段（含迟到时限）不能重叠',
        },
        { name: 'clocksPerWindow', label: '每段次数', type: 'number', required: true, extra: '每个时段应打卡的次数' },
        { name: 'lateMinutes', label: '迟到时限', type: 'number', required: true, extra: '分钟：时段结束后多少分钟内打卡记为迟到，之后为缺卡；0 为不算迟到' },
        { name: 'radius', label: '打卡半径', type: 'number', placeholder: '不填：按各打卡点的半径', extra: '米：超过此距离记为范围外' },
        { name: 'enabled', label: '启用', type: 'switch' },
      ],
      [brands.options, brands.loading],
    );
  },
  initial: (c, areaId) =>
    c
      ? {
          name: c.name,
          roleId: String(c.roleId),
          areaId: c.areaId,
          brandId: c.brandId === null ? undefined : String(c.brandId),
          days: c.days.map(String),
          windows: c.windows,
          clocksPerWindow: c.clocksPerWindow,
          radius: c.radius,
          lateMinutes: c.lateMinutes,
          enabled: c.enabled,
        }
      : {
          roleId: '31',
          areaId,
          days: ['1', '2', '3', '4', '5'],
          windows: [
            { start: '07:00', end: '09:00' },
            { start: '17:00', end: '19:00' },
          ],
          clocksPerWindow: 1,
          lateMinutes: 30,
          enabled: true,
        },
  save: (v, c) =>
    saveClockConfig({
      ...(c ? { id: c.id } : {}),
      name: v.name.trim(),
      areaId: v.areaId,
      brandId: v.brandId ? Number(v.brandId) : null,
      roleId: Number(v.roleId) as ClockConfigBody['roleId'],
      days: v.days.map(Number).sort((a, b) => a - b),
      windows: [...v.windows].sort((a, b) => a.start.localeCompare(b.start)),
      clocksPerWindow: v.clocksPerWindow,
      radius: v.radius ?? null,
      lateMinutes: v.lateMinutes,
      enabled: !!v.enabled,
    }),
};

const configSpec = defineCrud<ClockConfig, ClockConfigKey, ConfigValues>({
  key: 'clockConfigs',
  rowKey: 'id',
  list: fetchClockConfigs,
  areaFilter: true,
  filters: [ROLE_FILTER],
  columns: (kit) => [
    { title: '名称', dataIndex: 'name', width: 180 },
    { title: '角色', dataIndex: 'roleName', width: 100 },
    { title: '区域', dataIndex: 'areaName', width: 110 },
    { title: '企业', dataIndex: 'brandName', width: 110, render: (b: string | null) => b ?? '全部企业' },
    { title: '打卡日', dataIndex: 'days', width: 160, render: (d: number[]) => daysText(d) },
    { title: '打卡时段', dataIndex: 'windows', width: 200, render: (ws: ClockWindow[]) => windowsText(ws) },
    { title: '每时段次数', dataIndex: 'clocksPerWindow', width: 100, align: 'right' },
    { title: '迟到时限', dataIndex: 'lateMinutes', width: 100, align: 'right', render: (m: number) => `${m} 分钟` },
    {
      title: '打卡半径',
      dataIndex: 'radius',
      width: 120,
      align: 'right',
      render: (r: number | null) => (r === null ? <Typography.Text type="secondary">按打卡点</Typography.Text> : `${r} 米`),
    },
    {
      title: '状态',
      key: 'enabled',
      width: 100,
      render: (_, c) => (
        <RowSwitch
          label={`启用 ${c.name}`}
          checked={c.enabled}
          disabled={!kit.canEdit}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={(on) => kit.run(() => saveClockConfig({ ...bodyOf(c), enabled: on }), on ? '打卡配置已启用' : '打卡配置已停用')}
        />
      ),
    },
  ],
  actionsWidth: 110,
  form: configForm,
  remove: { call: (c) => deleteClockConfig(c.id), what: (c) => `打卡配置“${c.name}”`, success: '打卡配置已删除' },
  permissions: { edit: 'clock.manage' },
});

export default function ClockConfigsTab() {
  return <CrudTab spec={configSpec} />;
}
