/** The blob: URL of an uploaded file, fetched with the session's token and released when unused. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchUpload } from './service';

export function useUploadBlob(url: string | null | undefined) {
  const query = useQuery({ queryKey: ['upload', url], queryFn: () => fetchUpload(url!), enabled: !!url, staleTime: Infinity, retry: false });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!query.data) {
      setSrc(undefined);
      return;
    }
    const u = URL.createObjectURL(query.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [query.data]);
  return { src, loading: query.isLoading, error: query.error instanceof Error ? query.error.message : undefined };
}
