import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request';

/** Shared react-query client: one retry for transport failures, none once the user was told. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (failures, err) => !(err instanceof RequestError && err.handled) && failures < 1,
    },
    mutations: { retry: false },
  },
});
