/**
 * Real places of 海淀区 the demo city is built around: metro stations, streets, campuses, parks,
 * estates and office buildings, at approximate GCJ-02 positions. Data only.
 */

export type SiteKind = 'residential' | 'office' | 'metro' | 'school' | 'park';

export interface Anchor {
  name: string;
  lon: number;
  lat: number;
  /** Metro station (without 站) and the exits that get a site. */
  metro?: { station: string; exits: string[] };
  streets: string[];
  places: { kind: Exclude<SiteKind, 'metro'>; name: string }[];
  /** What the street corners around here mostly are. */
  kind: Exclude<SiteKind, 'metro'>;
}

/** The district's operating fence (a simplification of 海淀区), GCJ-02, closed ring. */
export const HAIDIAN_FENCE: { lon: number; lat: number }[] = [
  { lon: 116.205, lat: 39.905 },
  { lon: 116.3, lat: 39.898 },
  { lon: 116.345, lat: 39.902 },
  { lon: 116.36, lat: 39.92 },
  { lon: 116.375, lat: 39.95 },
  { lon: 116.382, lat: 39.985 },
  { lon: 116.372, lat: 40.03 },
  { lon: 116.368, lat: 40.07 },
  { lon: 116.33, lat: 40.098 },
  { lon: 116.26, lat: 40.095 },
  { lon: 116.215, lat: 40.05 },
  { lon: 116.2, lat: 39.97 },
  { lon: 116.205, lat: 39.905 },
];

const m = (station: string, exits = 'ABCD') => ({ station, exits: exits.split('') });

export const ANCHORS: Anchor[] = [
  {
    name: '中关村', lon: 116.316, lat: 39.9837, metro: m('中关村'), kind: 'office',
    streets: ['中关村大街', '北四环西路', '海淀北一街', '科学院南路'],
    places: [{ kind: 'office', name: '中关村广场' }, { kind: 'office', name: '鼎好大厦' }, { kind: 'office', name: '海龙大厦' }, { kind: 'residential', name: '科育小区' }],
  },
  {
    name: '海淀黄庄', lon: 116.3177, lat: 39.9759, metro: m('海淀黄庄', 'ABCDE'), kind: 'office',
    streets: ['中关村大街', '知春路', '丹棱街', '海淀南路'],
    places: [{ kind: 'office', name: '中关村金融大厦' }, { kind: 'office', name: '欧美汇购物中心' }, { kind: 'school', name: '人大附中' }, { kind: 'residential', name: '黄庄小区' }],
  },
  {
    name: '五道口', lon: 116.3379, lat: 39.9925, metro: m('五道口', 'ABC'), kind: 'residential',
    streets: ['成府路', '王庄路', '双清路', '五道口东路'],
    places: [{ kind: 'residential', name: '华清嘉园' }, { kind: 'residential', name: '东升园' }, { kind: 'office', name: '五道口购物中心' }, { kind: 'office', name: '清华同方大厦' }, { kind: 'residential', name: '荷清苑' }],
  },
  {
    name: '知春路', lon: 116.3399, lat: 39.9766, metro: m('知春路', 'ABCD'), kind: 'office',
    streets: ['知春路', '学院路', '北四环中路', '大恒路'],
    places: [{ kind: 'office', name: '中国卫星通信大厦' }, { kind: 'office', name: '盈都大厦' }, { kind: 'residential', name: '知春里小区' }, { kind: 'office', name: '京仪科技大厦' }],
  },
  {
    name: '知春里', lon: 116.3289, lat: 39.9762, metro: m('知春里', 'ABC'), kind: 'residential',
    streets: ['知春路', '海淀黄庄路', '科学院南路'],
    places: [{ kind: 'residential', name: '知春东里' }, { kind: 'residential', name: '双榆树北里' }, { kind: 'school', name: '中关村第三小学' }, { kind: 'office', name: '中关村中心' }],
  },
  {
    name: '苏州街', lon: 116.3064, lat: 39.9756, metro: m('苏州街'), kind: 'office',
    streets: ['苏州街', '北四环西路', '海淀南路', '万泉河路'],
    places: [{ kind: 'office', name: '银科大厦' }, { kind: 'office', name: '维亚大厦' }, { kind: 'residential', name: '苏州街小区' }, { kind: 'residential', name: '万泉新新家园' }],
  },
  {
    name: '魏公村', lon: 116.3231, lat: 39.9577, metro: m('魏公村'), kind: 'school',
    streets: ['中关村南大街', '魏公村路', '民族大学西路'],
    places: [{ kind: 'school', name: '中央民族大学' }, { kind: 'school', name: '北京外国语大学' }, { kind: 'residential', name: '魏公村小区' }, { kind: 'school', name: '北京理工大学' }],
  },
  {
    name: '人民大学', lon: 116.318, lat: 39.9705, metro: m('人民大学', 'ABC'), kind: 'school',
    streets: ['中关村大街', '苏州街', '海淀路'],
    places: [{ kind: 'school', name: '中国人民大学' }, { kind: 'office', name: '当代商城' }, { kind: 'residential', name: '人大北路小区' }],
  },
  {
    name: '国家图书馆', lon: 116.325, lat: 39.9434, metro: m('国家图书馆'), kind: 'park',
    streets: ['中关村南大街', '白石桥路', '西三环北路'],
    places: [{ kind: 'park', name: '紫竹院公园' }, { kind: 'office', name: '国家图书馆' }, { kind: 'residential', name: '白石桥小区' }],
  },
  {
    name: '北太平庄', lon: 116.3689, lat: 39.966, kind: 'residential',
    streets: ['北三环中路', '北太平庄路', '学院南路', '志强北园路'],
    places: [{ kind: 'residential', name: '志强北园' }, { kind: 'residential', name: '北太平庄小区' }, { kind: 'office', name: '冠城大厦' }, { kind: 'school', name: '北京邮电大学' }],
  },
  {
    name: '西土城', lon: 116.3549, lat: 39.9759, metro: m('西土城'), kind: 'school',
    streets: ['西土城路', '北四环中路', '学院路'],
    places: [{ kind: 'park', name: '元大都城垣遗址公园' }, { kind: 'school', name: '北京电影学院' }, { kind: 'residential', name: '蓟门里小区' }],
  },
  {
    name: '牡丹园', lon: 116.3702, lat: 39.9774, metro: m('牡丹园'), kind: 'residential',
    streets: ['花园路', '北土城西路', '塔院路'],
    places: [{ kind: 'residential', name: '牡丹园小区' }, { kind: 'residential', name: '塔院小区' }, { kind: 'office', name: '翠微大厦' }],
  },
  {
    name: '大钟寺', lon: 116.3454, lat: 39.9665, metro: m('大钟寺'), kind: 'office',
    streets: ['北三环西路', '学院南路', '皂君庙路'],
    places: [{ kind: 'office', name: '中坤广场' }, { kind: 'office', name: '大钟寺国际广场' }, { kind: 'residential', name: '皂君庙小区' }, { kind: 'school', name: '北京交通大学' }],
  },
  {
    name: '学院路', lon: 116.351, lat: 39.9905, kind: 'school',
    streets: ['学院路', '成府路', '学知园路', '北四环中路'],
    places: [{ kind: 'school', name: '北京航空航天大学' }, { kind: 'school', name: '中国地质大学' }, { kind: 'school', name: '北京科技大学' }, { kind: 'school', name: '北京语言大学' }, { kind: 'residential', name: '学知园' }],
  },
  {
    name: '北京大学东门', lon: 116.3155, lat: 39.9925, metro: m('北京大学东门', 'ABCD'), kind: 'school',
    streets: ['中关村北大街', '成府路', '颐和园路'],
    places: [{ kind: 'school', name: '北京大学' }, { kind: 'school', name: '清华大学西门' }, { kind: 'residential', name: '蓝旗营小区' }, { kind: 'office', name: '中关村科技园' }],
  },
  {
    name: '圆明园', lon: 116.3103, lat: 40.0, metro: m('圆明园', 'ABC'), kind: 'park',
    streets: ['清华西路', '圆明园西路', '颐和园路'],
    places: [{ kind: 'park', name: '圆明园遗址公园' }, { kind: 'residential', name: '畅春新园' }, { kind: 'school', name: '清华附中' }],
  },
  {
    name: '西苑', lon: 116.2942, lat: 39.9989, metro: m('西苑', 'ABC'), kind: 'residential',
    streets: ['颐和园路', '万泉河路', '西苑操场'],
    places: [{ kind: 'residential', name: '挂甲屯小区' }, { kind: 'park', name: '海淀公园' }, { kind: 'residential', name: '西苑小区' }],
  },
  {
    name: '北宫门', lon: 116.2776, lat: 40.0018, metro: m('北宫门', 'ABC'), kind: 'park',
    streets: ['颐和园北宫门路', '青龙桥街', '西苑路'],
    places: [{ kind: 'park', name: '颐和园' }, { kind: 'residential', name: '青龙桥小区' }, { kind: 'school', name: '北京体育大学' }],
  },
  {
    name: '巴沟', lon: 116.2934, lat: 39.9746, metro: m('巴沟', 'ABC'), kind: 'residential',
    streets: ['巴沟路', '万泉河路', '万柳中路'],
    places: [{ kind: 'residential', name: '万柳阳春光华家园' }, { kind: 'office', name: '华联万柳购物中心' }, { kind: 'residential', name: '康桥水郡' }, { kind: 'park', name: '巴沟山水园' }],
  },
  {
    name: '火器营', lon: 116.287, lat: 39.9662, metro: m('火器营'), kind: 'residential',
    streets: ['西四环北路', '蓝靛厂北路', '远大路'],
    places: [{ kind: 'residential', name: '世纪城' }, { kind: 'office', name: '金源时代购物中心' }, { kind: 'residential', name: '远大园' }],
  },
  {
    name: '长春桥', lon: 116.3048, lat: 39.9576, metro: m('长春桥'), kind: 'residential',
    streets: ['西四环北路', '长春桥路', '万寿寺路'],
    places: [{ kind: 'residential', name: '长春桥小区' }, { kind: 'park', name: '长春健身园' }, { kind: 'office', name: '长春桥大厦' }],
  },
  {
    name: '车道沟', lon: 116.2976, lat: 39.9455, metro: m('车道沟'), kind: 'residential',
    streets: ['西三环北路', '车道沟桥', '昆明湖南路'],
    places: [{ kind: 'residential', name: '车道沟小区' }, { kind: 'residential', name: '万寿寺甲小区' }, { kind: 'school', name: '首都师范大学' }],
  },
  {
    name: '花园桥', lon: 116.3107, lat: 39.9326, metro: m('花园桥'), kind: 'office',
    streets: ['西三环北路', '阜成路', '车公庄西路'],
    places: [{ kind: 'office', name: '航天桥大厦' }, { kind: 'residential', name: '八里庄小区' }, { kind: 'office', name: '阜成路写字楼' }],
  },
  {
    name: '白石桥南', lon: 116.3252, lat: 39.9328, metro: m('白石桥南'), kind: 'office',
    streets: ['首体南路', '阜成路', '车公庄西路'],
    places: [{ kind: 'office', name: '首都体育馆' }, { kind: 'residential', name: '北洼路小区' }, { kind: 'office', name: '北京电视台' }],
  },
  {
    name: '甘家口', lon: 116.3358, lat: 39.9245, kind: 'residential',
    streets: ['三里河路', '增光路', '阜成路'],
    places: [{ kind: 'residential', name: '甘家口小区' }, { kind: 'office', name: '甘家口大厦' }, { kind: 'residential', name: '增光路小区' }],
  },
  {
    name: '公主坟', lon: 116.3107, lat: 39.9074, metro: m('公主坟'), kind: 'office',
    streets: ['复兴路', '西三环中路', '翠微路'],
    places: [{ kind: 'office', name: '翠微百货' }, { kind: 'office', name: '城乡贸易中心' }, { kind: 'residential', name: '翠微小区' }],
  },
  {
    name: '万寿路', lon: 116.2949, lat: 39.9073, metro: m('万寿路'), kind: 'residential',
    streets: ['万寿路', '复兴路', '太平路'],
    places: [{ kind: 'residential', name: '万寿路小区' }, { kind: 'residential', name: '甲10号院' }, { kind: 'office', name: '当代商城万寿路店' }],
  },
  {
    name: '五棵松', lon: 116.2742, lat: 39.9073, metro: m('五棵松'), kind: 'office',
    streets: ['复兴路', '西四环中路', '永定路'],
    places: [{ kind: 'office', name: '华熙LIVE' }, { kind: 'park', name: '五棵松体育馆' }, { kind: 'residential', name: '永定路小区' }],
  },
  {
    name: '玉泉路', lon: 116.2531, lat: 39.9094, metro: m('玉泉路'), kind: 'residential',
    streets: ['玉泉路', '复兴路', '永定路'],
    places: [{ kind: 'residential', name: '玉泉路小区' }, { kind: 'school', name: '中国科学院大学玉泉路校区' }],
  },
  {
    name: '田村', lon: 116.2541, lat: 39.9319, metro: m('田村'), kind: 'residential',
    streets: ['田村路', '西四环北路', '阜石路'],
    places: [{ kind: 'residential', name: '田村半壁店小区' }, { kind: 'residential', name: '锦绣大地' }, { kind: 'office', name: '田村山南路写字楼' }],
  },
  {
    name: '四季青', lon: 116.26, lat: 39.964, kind: 'residential',
    streets: ['闵庄路', '杏石口路', '香山南路'],
    places: [{ kind: 'residential', name: '金雅园' }, { kind: 'residential', name: '西山壹号院' }, { kind: 'park', name: '玉泉郊野公园' }],
  },
  {
    name: '上地', lon: 116.3196, lat: 40.033, metro: m('上地', 'AB'), kind: 'office',
    streets: ['上地信息路', '上地十街', '上地东路', '上地西路'],
    places: [{ kind: 'office', name: '上地国际科技创业园' }, { kind: 'office', name: '百度科技园' }, { kind: 'office', name: '上地嘉华大厦' }, { kind: 'residential', name: '上地东里' }, { kind: 'residential', name: '上地西里' }],
  },
  {
    name: '西二旗', lon: 116.3063, lat: 40.053, metro: m('西二旗', 'ABC'), kind: 'office',
    streets: ['后厂村路', '西二旗大街', '上地十街'],
    places: [{ kind: 'office', name: '中关村软件园' }, { kind: 'office', name: '西二旗智学苑' }, { kind: 'office', name: '辉煌国际' }, { kind: 'residential', name: '智学苑小区' }],
  },
  {
    name: '后厂村', lon: 116.292, lat: 40.046, kind: 'office',
    streets: ['后厂村路', '东北旺西路', '软件园二期'],
    places: [{ kind: 'office', name: '软件园二期' }, { kind: 'office', name: '腾讯北京总部' }, { kind: 'office', name: '网易北京研发中心' }],
  },
  {
    name: '马连洼', lon: 116.278, lat: 40.031, metro: m('马连洼'), kind: 'residential',
    streets: ['马连洼北路', '圆明园西路', '农大南路'],
    places: [{ kind: 'residential', name: '百旺家苑' }, { kind: 'residential', name: '百旺茉莉园' }, { kind: 'school', name: '中国农业大学西校区' }],
  },
  {
    name: '清河', lon: 116.329, lat: 40.041, metro: m('清河', 'ABC'), kind: 'residential',
    streets: ['安宁庄路', '清河中街', '小营西路'],
    places: [{ kind: 'residential', name: '当代城市家园' }, { kind: 'residential', name: '橡树湾' }, { kind: 'office', name: '清河万象汇' }, { kind: 'residential', name: '领秀硅谷' }],
  },
  {
    name: '西三旗', lon: 116.35, lat: 40.057, kind: 'residential',
    streets: ['西三旗路', '建材城中路', '永泰庄北路'],
    places: [{ kind: 'residential', name: '育新花园' }, { kind: 'residential', name: '永泰小区' }, { kind: 'office', name: '西三旗万象汇' }],
  },
  {
    name: '六道口', lon: 116.3502, lat: 40.0045, metro: m('六道口'), kind: 'school',
    streets: ['学清路', '清华东路', '学院路'],
    places: [{ kind: 'school', name: '中国农业大学东校区' }, { kind: 'school', name: '北京林业大学' }, { kind: 'residential', name: '石板房小区' }],
  },
  {
    name: '清华东路西口', lon: 116.3386, lat: 40.007, metro: m('清华东路西口'), kind: 'school',
    streets: ['清华东路', '双清路', '荷清路'],
    places: [{ kind: 'school', name: '清华大学东门' }, { kind: 'residential', name: '双清苑' }, { kind: 'office', name: '清华科技园' }],
  },
  {
    name: '学清路', lon: 116.3535, lat: 40.025, kind: 'residential',
    streets: ['学清路', '小月河东路', '清河南街'],
    places: [{ kind: 'residential', name: '清缘里' }, { kind: 'office', name: '学清嘉创大厦' }, { kind: 'residential', name: '铭科苑' }],
  },
  {
    name: '双榆树', lon: 116.329, lat: 39.968, kind: 'residential',
    streets: ['双榆树北路', '联想桥南', '知春路'],
    places: [{ kind: 'residential', name: '双榆树西里' }, { kind: 'park', name: '双榆树公园' }, { kind: 'office', name: '当代大厦' }],
  },
];

/** Suffixes that make a site name from a place, by kind. */
export const GATES: Record<Exclude<SiteKind, 'metro'>, string[]> = {
  residential: ['北门', '南门', '东门', '西门', '小区北门', '小区南门'],
  office: ['东门', '南门', '西侧', '北侧', '南广场'],
  school: ['东门', '南门', '西门', '北门'],
  park: ['南门', '东门', '北门', '西门'],
};

export const CORNERS = ['东南角', '西南角', '东北角', '西北角'];
