/** Abnormal message types 1..14 and their labels (spec §4), pure: the server names its messages by it, the console imports this file. */

export const ABNORMAL_TYPES: Readonly<Record<number, string>> = {
  1: '站外还车',
  2: '非法设备',
  3: '超时未还',
  4: '站点异常',
  5: '故障车辆',
  6: '满桩还车',
  7: '非法车辆',
  8: '非允许站点上架',
  9: '还车异常',
  10: '租车异常',
  11: '上架异常',
  12: '下架异常',
  13: '站外停放',
  14: '区域外停放',
};

/** The label of a type; unknown types give 未知异常. */
export const typeName = (t: number) => ABNORMAL_TYPES[t] ?? '未知异常';
