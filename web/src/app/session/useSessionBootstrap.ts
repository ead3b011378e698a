import { useQuery } from '@tanstack/react-query';
import { loadSession } from './bootstrap';
import { useSession } from './store';

/**
 * The big screen and the field app need no guard (spec §2): when logged in they load the same session data as
 * the guard (user, permissions, areas) in the background.
 */
export function useSessionBootstrap() {
  const token = useSession((s) => s.authorization);
  return useQuery({
    queryKey: ['session', 'bootstrap', token],
    queryFn: async () => {
      await loadSession();
      return true;
    },
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
