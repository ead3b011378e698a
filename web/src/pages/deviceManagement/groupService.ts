/** Calls of 站点分组 (/api/site/magnify, spec §7): magnify groups whose open factor scales their sites' capacity. */
import type { Data } from '../../api/types';
import { dataOf, http } from '../../app/request';
import type { GroupBody, GroupFilters } from './detailTypes';

type Page = { currentPage: number; pageSize: number };

// 放大分组列表 GET /api/site/magnify/
export const fetchGroups = (q: GroupFilters & Page) => dataOf(http.get<Data<'/api/site/magnify/'>>('/site/magnify/', q));

// 新增放大分组 POST /api/site/magnify/
export const createGroup = (body: GroupBody) => dataOf(http.post<Data<'/api/site/magnify/', 'post'>>('/site/magnify/', body));

// 修改放大分组 PUT /api/site/magnify/{id}
export const updateGroup = (id: number, body: Partial<GroupBody>) => dataOf(http.put<Data<'/api/site/magnify/{id}', 'put'>>(`/site/magnify/${id}`, body));

// 删除放大分组 DELETE /api/site/magnify/{id}
export const deleteGroup = (id: number) => dataOf(http.del<Data<'/api/site/magnify/{id}', 'delete'>>(`/site/magnify/${id}`));

// 开启或关闭放大分组 PUT /api/site/magnify/open/{id}
export const switchGroup = (id: number, openSwitch: boolean) =>
  dataOf(http.put<Data<'/api/site/magnify/open/{id}', 'put'>>(`/site/magnify/open/${id}`, { openSwitch }));

// 分组中的站点 GET /api/site/magnify/site
export const fetchGroupSites = (id: number) => dataOf(http.get<Data<'/api/site/magnify/site'>>('/site/magnify/site', { id }));

// 冲突检查：草稿中已在其他开启分组里的站点 GET /api/site/magnify/site/clash
export const checkClash = (siteList: string[], id?: number) =>
  dataOf(http.get<Data<'/api/site/magnify/site/clash'>>('/site/magnify/site/clash', { siteList, id }));

// 区域内站点（分组的站点选择）GET /api/site/rail
export const fetchAreaSites = (selfAreaId?: string) => dataOf(http.get<Data<'/api/site/rail'>>('/site/rail', { selfAreaId }));
