/** The 企业 filter of the section's lists: the area's enterprises as options, one query the screens share. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Field } from '../../components/desk';
import { fetchEnterprises } from './service';

export function useEnterpriseFilter() {
  const brands = useQuery({ queryKey: ['company', 'enterpriseOptions'], queryFn: () => fetchEnterprises() });
  const filter = useMemo(
    (): Field<'brandId'> => ({ name: 'brandId', label: '企业', type: 'select', options: brands.data ?? [], loading: brands.isLoading }),
    [brands.data, brands.isLoading],
  );
  return { brands, filter };
}
