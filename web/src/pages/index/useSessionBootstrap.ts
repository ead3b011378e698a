import { useQuery } from '@tanstack/react-query';
import { loadSession } from '../../app/session/bootstrap';
import { useSession } from '../../app/session/store';

/**
 * The home screen needs no user (spec §2), but when logged in it loads the same session data as
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
