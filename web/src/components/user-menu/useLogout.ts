import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { postLogout } from '../../app/session/service';
import { useSession } from '../../app/session/store';

/**
 * Ends the session: optionally tells the server (POST /api/logout, answer ignored), clears the
 * store and its persisted key, drops cached queries and goes to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (tellServer = true) => {
      if (tellServer) await postLogout().catch(() => undefined);
      useSession.getState().logout();
      queryClient.clear();
      await navigate('/login', { replace: true });
    },
    [navigate, queryClient],
  );
}
