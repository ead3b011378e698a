/** Patrol (巡检) results of the field app and 米单车管理: one definition for the field app, the lists and the exports. Pure. */

/** A patrol's result: 1 正常, 2 违停, 3 故障, 4 非法车辆. */
export const PATROL_RESULTS: Record<number, string> = { 1: '正常', 2: '违停', 3: '故障', 4: '非法车辆' };
