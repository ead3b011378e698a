/** TypeBox schemas of the limits-and-totals calls (核准数量与区域总量), with Chinese descriptions. */
import { Type } from 'typebox';
import { PageQuery, Paged } from '../../http/envelope.js';
import { Nullable, SelfArea } from '../../http/schemas.js';

const Int = (description: string) => Type.Integer({ description });
const Count = (description: string) => Type.Integer({ minimum: 0, maximum: 10_000_000, description });
const AreaIdT = Type.String({ pattern: '^\\d{6}$', description: '区域编码（6 位），缺省为 selfAreaId' });
const BrandIdT = Type.Integer({ minimum: 1, description: '企业（品牌）编号' });

export const QuotaBody = Type.Object({
  ...SelfArea,
  brandId: BrandIdT,
  areaId: Type.Optional(AreaIdT),
  bikeNum: Count('自行车核准数量'),
  ebikeNum: Count('电动车核准数量'),
});

export const QuotaData = Type.Object({
  brandId: Int('企业编号'),
  areaId: Type.String({ description: '区域编码' }),
  bikeNum: Int('自行车核准数量'),
  ebikeNum: Int('电动车核准数量'),
});

export const ExistsQuery = Type.Object({ ...SelfArea, brandId: BrandIdT, areaId: Type.Optional(AreaIdT) });

export const ExistsData = Type.Object({
  exists: Type.Boolean({ description: '该企业在该区域是否已设置核准数量' }),
  bikeNum: Int('自行车核准数量（未设置为 0）'),
  ebikeNum: Int('电动车核准数量（未设置为 0）'),
});

export const AreaTotalBody = Type.Object({
  ...SelfArea,
  areaId: Type.Optional(AreaIdT),
  bikeNum: Count('区域自行车总量上限'),
  ebikeNum: Count('区域电动车总量上限'),
});

export const AreaCapData = Type.Object({
  areaId: Type.String({ description: '区域编码' }),
  bikeNum: Int('区域自行车总量上限'),
  ebikeNum: Int('区域电动车总量上限'),
});

const NumberFields = {
  filedBikeNum: Int('备案自行车数'),
  filedEBikeNum: Int('备案电动车数'),
  onlineBikeNum: Int('在线自行车数（STALE_HOURS 内有上报）'),
  onlineEBikeNum: Int('在线电动车数'),
  siteBikeNum: Int('站内自行车数'),
  siteEBikeNum: Int('站内电动车数'),
};

const AreaTotalFields = {
  areaId: Type.String({ description: '区域编码' }),
  areaName: Type.String({ description: '区域名称' }),
  bikeNum: Int('核准自行车总量（各企业核准数量之和）'),
  ebikeNum: Int('核准电动车总量'),
  totalNum: Int('核准总量（自行车 + 电动车）'),
  ...NumberFields,
  brandNum: Int('区域内企业数'),
  capBikeNum: Int('区域自行车总量上限（由本区域监管设置，未设置为 0）'),
  capEBikeNum: Int('区域电动车总量上限（未设置为 0）'),
};

export const AreaTotalData = Type.Object(AreaTotalFields);

export const AreaTotalListQuery = Type.Object({ ...SelfArea, ...PageQuery });

export const AreaTotalList = Paged(
  Type.Object({
    ...AreaTotalFields,
    parentId: Nullable(Type.String(), '上级区域编码'),
    childNum: Int('下级区域数'),
  }),
);

export const AreaBrandList = Type.Object({
  lists: Type.Array(
    Type.Object({
      areaId: Type.String({ description: '区域编码（selfAreaId）' }),
      ownBikeNum: Int('企业在本区域（不含下级）设置的自行车核准数量，可编辑的那一项'),
      ownEBikeNum: Int('企业在本区域（不含下级）设置的电动车核准数量'),
      brandId: Int('企业编号'),
      brandName: Type.String({ description: '品牌名称' }),
      bikeColor: Type.String({ description: '自行车颜色' }),
      ebikeColor: Type.String({ description: '电动车颜色' }),
      bikeNum: Int('核准自行车数（本区域及下级之和，同大屏）'),
      ebikeNum: Int('核准电动车数（本区域及下级之和）'),
      ...NumberFields,
      rating: Nullable(
        Type.Object({
          period: Type.String({ description: '最近一次考核的周期 YYYY-MM' }),
          grade: Type.String({ description: '等级' }),
          score: Type.Number({ description: '得分' }),
          quota: Nullable(Type.Integer(), '考核时的核准数量（本区域及下级，自行车 + 电动车）'),
          suggestedQuota: Nullable(Type.Integer(), '按等级建议的核准数量'),
        }),
        '评级考核的建议（本区域最近一次考核）；尚未考核为 null',
      ),
    }),
  ),
  total: Int('企业数'),
});

export const AreaQuery = Type.Object(SelfArea);
