/** What the setting's tabs share: the area's categories (the rules' category picker) and their query keys. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Option } from '../../../components/desk';
import { fetchCategories, fetchScheme } from './service';
import type { Category } from './types';

/** Every write of the setting changes the scheme summary on 考核配置 and the category counts: refreshed with each list. */
export const SCHEME_KEYS = [['rateSetting']] as const;

/** The area's categories, as options (name and full score) and by id. */
export function useCategories(areaId: string | undefined): { options: Option[]; byId: Map<number, Category>; loading: boolean } {
  const q = useQuery({ queryKey: ['rateSetting', 'categories', areaId], queryFn: () => fetchCategories({ selfAreaId: areaId }) });
  const { data, isLoading } = q;
  return useMemo(
    () => ({
      options: (data ?? []).map((c) => ({ value: String(c.id), label: `${c.name}（满分 ${c.fullScore}）` })),
      byId: new Map((data ?? []).map((c) => [c.id, c])),
      loading: isLoading,
    }),
    [data, isLoading],
  );
}

/** The area's whole scheme (the measures a trend rule picks from, the conf, what is wrong). */
export const useScheme = (areaId: string | undefined) =>
  useQuery({ queryKey: ['rateSetting', 'scheme', areaId], queryFn: () => fetchScheme({ selfAreaId: areaId }) });

/** A list call's rows as the kit's page (the scheme's lists are short: one page). */
export const onePage = <T>(lists: T[]) => ({ lists, total: lists.length });
