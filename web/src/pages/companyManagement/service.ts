/** What the 企业管理 child screens share: the enterprise options of their filters, blank filters left out. */
import type { Data } from '../../api/types';
import { dataOf, http } from '../../app/request';

/** The filters that hold a value (blank ones are not sent). */
export const clean = (f: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

// 企业筛选项：区域内的企业 GET /api/company/getEnterpriseList
export const fetchEnterprises = (selfAreaId?: string) =>
  dataOf(http.get<Data<'/api/company/getEnterpriseList'>>('/company/getEnterpriseList', clean({ selfAreaId, pageSize: '1000' }))).then((d) =>
    d.lists.map((b) => ({ value: String(b.brandId), label: b.brandName })),
  );
