/** TypeBox schemas of 外部站点 (区域设置, issue 32 point 4): a feed as listed, the two imports, the big screen's layer. */
import { Type, type Static } from 'typebox';
import { AreaId, Nullable } from '../../http/schemas.js';

export const FeedId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

const Name = Type.String({ minLength: 1, maxLength: 64, description: '数据源名称（如“邻市公共自行车”）' });
/** One uploaded file's text: a large system's station_information is a few MB. */
const FileText = (what: string) => Type.String({ minLength: 1, maxLength: 4_000_000, description: `${what} 文件的内容（JSON 文本，GBFS 2.x 或 3.0）` });

/** 从地址导入: the discovery file's URL. */
export const UrlBody = Type.Object({
  areaId: Type.Optional(AreaId),
  name: Name,
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'GBFS 2.x 或 3.0 发现文件（gbfs.json）的 http(s) 地址；之后按其 ttl 自动刷新' }),
});
export type UrlInput = Static<typeof UrlBody>;

/** 从文件导入: a station_information and station_status pair. */
export const FilesBody = Type.Object({
  areaId: Type.Optional(AreaId),
  name: Name,
  stationInformation: FileText('station_information.json'),
  stationStatus: FileText('station_status.json'),
});
export type FilesInput = Static<typeof FilesBody>;

const Source = Type.Union([Type.Literal('url'), Type.Literal('file')], { description: 'url 发现文件地址（按 ttl 刷新）, file 上传的文件' });
const Time = (description: string) => Nullable(Type.String(), description);

/** A feed as 区域设置 lists it. */
export const Feed = Type.Object({
  id: Type.Integer(),
  areaId: Type.String(),
  areaName: Type.String(),
  name: Type.String(),
  source: Source,
  url: Nullable(Type.String()),
  version: Type.String({ description: 'GBFS 版本（如 2.3、3.0）' }),
  ttl: Type.Integer({ description: 'station_status 的 ttl（秒）' }),
  stationCount: Type.Integer(),
  bikes: Type.Integer({ description: '可借车辆合计' }),
  docks: Type.Integer({ description: '可还车位合计' }),
  fetchTime: Type.String({ description: '最近一次成功获取（或上传）的时间' }),
  dataUpdateTime: Time('数据本身的更新时间（station_status 的 last_updated）'),
  nextFetchTime: Time('下次自动刷新的时间（文件导入为空）'),
  lastError: Nullable(Type.String(), '最近一次获取失败的原因（成功后清空；失败时保留上次的数据）'),
  lastErrorTime: Time('最近一次获取失败的时间'),
  createTime: Type.String(),
});

/** One station on the big screen's layer (GCJ-02, as the map draws). */
const LayerStation = Type.Object({
  id: Type.String(),
  name: Type.String(),
  lon: Type.Number(),
  lat: Type.Number(),
  capacity: Nullable(Type.Integer()),
  bikes: Nullable(Type.Integer(), '可借车辆（station_status 没有该站点时为空）'),
  docks: Nullable(Type.Integer(), '可还车位'),
  renting: Nullable(Type.Boolean()),
  returning: Nullable(Type.Boolean()),
  reportTime: Time('站点状态的上报时间（last_reported）'),
});

/** A feed with its stations, for the big screen (a separate, read-only layer). */
export const LayerFeed = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  areaName: Type.String(),
  source: Source,
  version: Type.String(),
  fetchTime: Type.String(),
  dataUpdateTime: Time('数据本身的更新时间'),
  lastError: Nullable(Type.String()),
  lastErrorTime: Time('最近一次获取失败的时间'),
  stations: Type.Array(LayerStation),
});
