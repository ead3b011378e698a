/** TypeBox schemas of 米单车管理's piles (/api/miApp, issue 29 point 3): installs from the field app, piles online and silent. */
import { Type } from 'typebox';
import { PageQuery } from '../../../http/envelope.js';
import { Nullable, SelfArea, SiteIdT } from '../../../http/schemas.js';
import { PileItem } from '../../../shared/piles.js';

const Area = { areaId: Type.Optional(Type.String({ pattern: '^\\d{6}$', description: '区域（本区域及下级），须在本人权限内' })) };
const Mac = { equipmentMac: Type.Optional(Type.String({ maxLength: 32, description: '设备 MAC（模糊，不区分大小写）' })) };

export const InstallFilters = {
  ...SelfArea,
  ...Area,
  ...Mac,
  siteId: Type.Optional(SiteIdT),
  miUserName: Type.Optional(Type.String({ maxLength: 32, description: '安装人姓名或账号（模糊）' })),
  startTime: Type.Optional(Type.String({ maxLength: 19, description: '安装时间不早于 yyyy-MM-dd[ HH:mm:ss]' })),
  endTime: Type.Optional(Type.String({ maxLength: 19, description: '安装时间不晚于 yyyy-MM-dd[ HH:mm:ss]（只给日期：含当天）' })),
};
export const InstallQuery = Type.Object({ ...InstallFilters, ...PageQuery });

export const PileFilters = { ...SelfArea, ...Area, ...Mac, siteId: Type.Optional(SiteIdT) };
export const PileQuery = Type.Object({ ...PileFilters, ...PageQuery });

export const InstallItem = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer({ description: '安装人' }),
  installerName: Type.String({ description: '安装人姓名' }),
  areaId: Type.String(),
  areaName: Nullable(Type.String()),
  equipmentMac: Type.String({ description: '设备 MAC' }),
  siteId: Type.String({ description: '站点编号' }),
  siteName: Nullable(Type.String(), '站点名称（站点已删除时为空）'),
  lon: Nullable(Type.Number(), '安装时手机位置（GCJ-02）'),
  lat: Nullable(Type.Number()),
  installTime: Type.String({ description: '安装时间' }),
  photos: Type.Array(Type.String(), { description: '照片地址 /uploads/{file}（凭登录令牌读取）' }),
});

export const SilentPile = Type.Object({
  ...PileItem.properties,
  silentMinutes: Nullable(Type.Integer(), '已离线分钟数（从未上报为空）'),
  silentText: Type.String({ description: '已离线时长，如 2天3小时；从未上报' }),
});
