/** Calls of 信息管理 (/api/information, spec §7). Writes hand refusals back so the editor stays open. */
import type { Data } from '../../api/types';
import { dataOf, http, request, written } from '../../app/request';
import type { NoticeBody, NoticeFilters } from './types';

type Page = { currentPage: number; pageSize: number };
const quiet = { passErrors: true } as const;

// 通知列表（企业账号为发给它的通知，含已读标记）GET /api/information/getList
export const fetchNotices = (q: NoticeFilters & Page) => dataOf(http.get<Data<'/api/information/getList'>>('/information/getList', q));

// 通知详情（企业账号查看即标记已读）GET /api/information/get
export const fetchNotice = (id: number) => dataOf(http.get<Data<'/api/information/get'>>('/information/get', { id }));

// 新增或修改通知（带 id 为修改）POST /api/information/add
export const saveNotice = (body: NoticeBody) => written(http.post<Data<'/api/information/add', 'post'>>('/information/add', body, quiet));

// 删除通知 DELETE /api/information/delete?id=
export const deleteNotice = (id: number) => written(request<null>('DELETE', '/information/delete', { params: { id }, passErrors: true }));

// 可指定的企业 GET /api/information/enterprises
export const fetchEnterprises = () => dataOf(http.get<Data<'/api/information/enterprises'>>('/information/enterprises'));
