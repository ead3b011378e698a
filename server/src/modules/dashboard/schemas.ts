/** TypeBox pieces the home screen, its dialogs and its charts share: tags, permissions, query fields, the site message. */
import { Type } from 'typebox';
import { needs } from '../../http/auth.js';

export const tags = ['首页大屏'];
/** Reading the home screen needs the home menu. */
export const read = needs('home');
/** Its spreadsheets need the export button. */
export const exporting = needs('home.export');
/** Charts 运营统计 (menu 4) studies too: either section's users may read them. */
export const readOrOperation = needs('home', 'operation');

export const SiteIdQ = Type.String({ minLength: 1, maxLength: 32, description: '站点编号' });
export const BrandIdQ = Type.Integer({ minimum: 1, description: '企业（品牌）ID' });
export const BikeTypeQ = Type.Integer({
  minimum: 0,
  maximum: 1,
  description: '车辆类型：0 自行车，1 电动车；缺省为全部',
});
export const Paging = {
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: '页码，从 1 开始' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: '每页条数（1-1000）' })),
};
export const YearQ = Type.Integer({ minimum: 2000, maximum: 2100, description: '年份' });
export const MonthQ = Type.Integer({ minimum: 1, maximum: 12, description: '月份 1-12' });
export const DayQ = Type.Integer({ minimum: 1, maximum: 31, description: '日 1-31' });

export const Int = (description: string) => Type.Integer({ description });
export const Str = (description: string) => Type.String({ description });
export const Num = (description: string) => Type.Number({ description });

export const SiteMessage = Type.Object({
  id: Int('消息 ID'),
  siteId: Str('站点编号'),
  siteName: Str('站点名称'),
  createTime: Str('时间 yyyy-MM-dd HH:mm:ss'),
  num: Int('车辆数'),
  bikeNum: Int('自行车数'),
  ebikeNum: Int('电动车数'),
  messageType: Str('empty 空桩, less 偏少, more 偏多, full 满桩'),
  status: Str('状态文字'),
  capacity: Int('当时的容量'),
  siteBikeCeiling: Int('停放容量'),
  currentBike: Str('JSON 文本：{nowBike:[{brand_id,brand_name,num}], nowEBike:[...]}'),
});
