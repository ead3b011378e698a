/**
 * What each fleet figure counts, in the words the screens show beside 备案 / 在线 / 站内 / 非法车辆 and
 * the rates made of them (issue 25.4). The server counts them so (shared/brandCounts.ts): online and
 * in-site are filed bikes only, so 在线率 and 入站率 stay within 100 %; unfiled bikes are 非法车辆, apart.
 */
import { Tooltip } from 'antd';

export const FLEET_NOTES = {
  filed: '备案：已在平台备案、未撤销的车辆（含从未上报过位置的）。',
  online: '在线：近 24 小时内上报过位置的备案车辆；未备案的非法车辆不计入，另列为“非法车辆”。',
  site: '站内：在线的备案车辆中，当前停放在站点内的车辆（站点满溢状态按站点内全部车辆计，含非法车辆）。',
  illegal: '非法车辆：上报了位置但未在平台备案的车辆，不计入备案、在线、站内及各项比率。',
  onlineRate: '在线率 = 在线 ÷ 备案（均为备案车辆，最高 100%）。',
  inSiteRate: '入站率 = 站内 ÷ 在线。',
} as const;

/** A column or figure label with its note on hover. */
export function Term({ label, note }: { label: string; note: keyof typeof FLEET_NOTES }) {
  return (
    <Tooltip title={FLEET_NOTES[note]}>
      <span data-term={note}>{label}</span>
    </Tooltip>
  );
}
