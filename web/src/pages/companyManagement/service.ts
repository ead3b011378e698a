/** What the 企业管理 child screens share: the enterprise options of their filters, blank filters left out. */
import { api } from '../../app/request';

/** The filters that hold a value (blank ones are not sent: the server takes a blank filter as none). */
export const clean = <T extends Record<string, string | number | undefined>>(f: T): T =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as T;

// 企业筛选项：区域内的企业 GET /api/company/getEnterpriseList
export const fetchEnterprises = (selfAreaId?: string) =>
  api
    .get('/company/getEnterpriseList', clean({ selfAreaId, pageSize: '1000' }))
    .then((d) => d.lists.map((b) => ({ value: String(b.brandId), label: b.brandName })));
