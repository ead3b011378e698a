/** Calls of 站点分组 (/api/site/magnify, spec §7): magnify groups whose open factor scales their sites' capacity. */
import { api } from '../../app/request';
import type { GroupBody, GroupFilters } from './detailTypes';

type Page = { currentPage: number; pageSize: number };

// 放大分组列表 GET /api/site/magnify/
export const fetchGroups = (q: GroupFilters & Page) => api.get('/site/magnify/', q);

// 新增放大分组 POST /api/site/magnify/
export const createGroup = (body: GroupBody) => api.post('/site/magnify/', body);

// 修改放大分组 PUT /api/site/magnify/{id}
export const updateGroup = (id: number, body: Partial<GroupBody>) => api.put('/site/magnify/{id}', body, { path: { id } });

// 删除放大分组 DELETE /api/site/magnify/{id}
export const deleteGroup = (id: number) => api.del('/site/magnify/{id}', undefined, { path: { id } });

// 开启或关闭放大分组 PUT /api/site/magnify/open/{id}
export const switchGroup = (id: number, openSwitch: boolean) => api.put('/site/magnify/open/{id}', { openSwitch }, { path: { id } });

// 分组中的站点 GET /api/site/magnify/site
export const fetchGroupSites = (id: number) => api.get('/site/magnify/site', { id });

// 冲突检查：草稿中已在其他开启分组里的站点 GET /api/site/magnify/site/clash
export const checkClash = (siteList: string[], id?: number) => api.get('/site/magnify/site/clash', { siteList, id });

// 区域内站点（分组的站点选择）GET /api/site/rail
export const fetchAreaSites = (selfAreaId?: string) => api.get('/site/rail', { selfAreaId });
