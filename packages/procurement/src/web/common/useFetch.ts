import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@propdesk/api-client';
import { requestErrorMessage } from '@propdesk/records/web';

/** One GET of a procurement call, with a reload; `key` changes reload it. */
export function useFetch<T>(url: string | null, key: unknown = null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!url) return;
    let live = true;
    apiRequest<{ data: T }>(url)
      .then((response) => {
        if (live) {
          setData(response.data);
          setError(null);
        }
      })
      .catch((problem: unknown) => {
        if (live) setError(requestErrorMessage(problem));
      });
    return () => {
      live = false;
    };
  }, [url, key, version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { data, error, reload };
}
