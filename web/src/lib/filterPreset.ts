/**
 * The filter a link hands to a list screen in its query (the home to-do list, spec §2 "To-do
 * items"): e.g. #/systemSettings/audit?roleId=27&auditStatus=0 or #/deviceManagement?equipmentPower=0-10.
 * The screen reads it once as the preset of its filters.
 */
export interface FilterPreset {
  /** miBicycle: 'site' = site applications */
  flag?: string;
  /** regionalSettings: 'audit' = the applications to review */
  tab?: string;
  roleId?: number;
  /** 账号审核: 1 platform account applications */
  applyType?: number;
  /** 账号审核: 0 pending */
  auditStatus?: number;
  /** deviceManagement: pile power range in percent */
  equipmentPower?: [number, number];
  clockWarn?: number;
  clockRole?: number;
  /** dailyDuty 工单: 'pending' = overdue or answered, waiting for the regulator */
  state?: string;
}

const int = (v: string | null): number | undefined => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

export function parseFilterPreset(q: URLSearchParams): FilterPreset {
  const p: FilterPreset = {};
  const flag = q.get('flag');
  if (flag) p.flag = flag;
  const tab = q.get('tab');
  if (tab) p.tab = tab;
  const roleId = int(q.get('roleId'));
  if (roleId !== undefined) p.roleId = roleId;
  const applyType = int(q.get('applyType'));
  if (applyType !== undefined) p.applyType = applyType;
  const auditStatus = int(q.get('auditStatus'));
  if (auditStatus !== undefined) p.auditStatus = auditStatus;
  const power = /^(\d{1,3})-(\d{1,3})$/.exec(q.get('equipmentPower') ?? '');
  if (power && Number(power[1]) <= Number(power[2]) && Number(power[2]) <= 100) p.equipmentPower = [Number(power[1]), Number(power[2])];
  const clockWarn = int(q.get('clockWarn'));
  if (clockWarn !== undefined) p.clockWarn = clockWarn;
  const clockRole = int(q.get('clockRole'));
  if (clockRole !== undefined) p.clockRole = clockRole;
  const state = q.get('state');
  if (state) p.state = state;
  return p;
}

/** Role ids of the to-do items (spec §2). */
const ROLE_NAMES: Record<number, string> = { 5: '违规举报', 27: '站点角色申请', 31: '运维人员申请', 32: '监督员申请', 34: '运维预警' };

/** The preset in words, one entry per condition (for the screen's filter bar). */
export function describeFilterPreset(p: FilterPreset): string[] {
  const out: string[] = [];
  if (p.flag === 'site') out.push('站点申请');
  else if (p.flag) out.push(`类型：${p.flag}`);
  if (p.tab === 'audit' || p.auditStatus === 0) out.push('待审核');
  if (p.applyType === 1) out.push('平台账号申请');
  if (p.roleId !== undefined) out.push(`角色：${ROLE_NAMES[p.roleId] ?? p.roleId}`);
  // the server's band (domain/power.ts): min ≤ power < max, the top band holding 100
  if (p.equipmentPower) {
    const [min, max] = p.equipmentPower;
    out.push(max >= 100 ? `电量 ${min}%–100%` : min === 0 ? `电量低于 ${max}%` : `电量 ${min}%（含）至 ${max}%（不含）`);
  }
  if (p.clockWarn === 1) out.push('打卡预警');
  if (p.clockRole === 1) out.push('打卡角色：运维人员');
  if (p.state === 'pending') out.push('待处理工单（已超时或已反馈）');
  else if (p.state === '0') out.push('待处理');
  return out;
}
