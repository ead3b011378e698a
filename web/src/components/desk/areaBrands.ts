/**
 * The enterprises of the user's area, for every desk screen's enterprise filter and form
 * (GET /api/statistics/areaBrandDetails, which needs the big screen's permission: without it the
 * list stays empty and the call is not made). One query per area, kept five minutes.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Data, Item } from '../../api/types';
import { api } from '../../app/request';
import { useSession } from '../../app/session/store';
import { can } from '../../lib/permission';
import type { Field, Option } from './fields';

type AreaBrand = Item<Data<'/api/statistics/areaBrandDetails'>['lists']>;

export interface AreaBrands {
  brands: AreaBrand[];
  /** value: the enterprise id as a string (a select's or the URL's), label: its name */
  options: Option[];
  loading: boolean;
}

// 区域内企业 GET /api/statistics/areaBrandDetails
const fetchAreaBrands = (selfAreaId?: string) => api.get('/statistics/areaBrandDetails', { selfAreaId }).then((d) => d.lists);

/** The area's enterprises (the user's own area unless one is named); one object per answer, so declarations built from it stay put across renders. */
export function useAreaBrands(area?: string): AreaBrands {
  const allowed = useSession((s) => can(s.permissions, 'home'));
  const { data, isLoading } = useQuery({
    queryKey: ['areaBrands', area ?? ''],
    queryFn: () => fetchAreaBrands(area),
    enabled: allowed,
    staleTime: 300_000,
  });
  return useMemo(() => {
    const brands = data ?? [];
    return { brands, options: brands.map((b) => ({ value: String(b.brandId), label: b.brandName })), loading: isLoading };
  }, [data, isLoading]);
}

/** The enterprise filter of a list (URL parameter brandId). */
export const brandFilter = (brands: AreaBrands, label = '企业'): Field<'brandId'> => ({
  name: 'brandId',
  label,
  type: 'select',
  options: brands.options,
  loading: brands.loading,
});
