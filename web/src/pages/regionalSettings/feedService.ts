/** Calls of 区域设置 · 外部站点 (/api/externalFeed): other systems' GBFS stations, listed, imported, refreshed, deleted. */
import { api, envelope, written } from '../../app/request';
import type { Filters } from '../../components/desk';
import type { ExternalFeedKey, FeedFiles, FeedUrl } from './types';

// 外部数据源列表（selfAreaId 及下级区域）GET /api/externalFeed/
export const fetchFeeds = (q: Filters<ExternalFeedKey> & { currentPage: number; pageSize: number }) => api.get('/externalFeed/', q);

// 从文件导入 POST /api/externalFeed/files（拒绝时不弹提示：对话框显示原因并保持打开）
export const importFeedFiles = (body: FeedFiles) => written(envelope.post('/externalFeed/files', body, { passErrors: true }));

// 从地址导入 POST /api/externalFeed/url（同上）
export const importFeedUrl = (body: FeedUrl) => written(envelope.post('/externalFeed/url', body, { passErrors: true }));

// 立即刷新（定时任务 1 分钟内重新获取）POST /api/externalFeed/{id}/refresh
export const refreshFeed = (id: number) => api.post('/externalFeed/{id}/refresh', undefined, { path: { id } });

// 删除外部数据源 DELETE /api/externalFeed/{id}
export const deleteFeed = (id: number) => api.del('/externalFeed/{id}', undefined, { path: { id } });
