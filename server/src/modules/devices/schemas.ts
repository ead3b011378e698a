/** TypeBox schemas of the device API: piles, sites with piles, power readings. */
import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });
export const Mac = Type.String({ minLength: 1, maxLength: 32, description: '设备 MAC，如 AA:BB:CC:DD:EE:FF（不区分大小写）' });

export const DeviceSite = Type.Object({
  siteId: Type.String({ description: '站点编号' }),
  siteName: Type.String({ description: '站点名称' }),
  areaId: Type.String({ description: '区县编码' }),
  areaName: Type.String({ description: '区县名称' }),
  bleNum: Type.Integer({ description: '站点配置的蓝牙桩数量' }),
  pileNum: Type.Integer({ description: '已登记的设备数' }),
  minPower: Nullable(Type.Integer(), '设备最低电量（%），无设备或未上报为空'),
  lowPower: Type.Boolean({ description: '有设备电量低于 10%' }),
  piles: Type.Array(
    Type.Object({
      equipmentMac: Type.String({ description: '设备 MAC' }),
      power: Nullable(Type.Integer(), '电量（%）'),
      lastSeenTime: Nullable(Type.String(), '最近上报时间'),
    }),
    { description: '站点的设备，电量低的在前' },
  ),
});

export const Readings = Type.Object({
  equipmentMac: Type.String({ description: '设备 MAC' }),
  siteId: Type.String({ description: '站点编号' }),
  siteName: Nullable(Type.String(), '站点名称'),
  lists: Type.Array(Type.Object({ time: Type.String({ description: '上报时间' }), power: Type.Integer({ description: '电量（%）' }) }), {
    description: '电量记录，时间升序',
  }),
  total: Type.Integer({ description: '记录数' }),
});
