import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter of the page's URL as state (a draft's `?documentId=`): a new value replaces the history entry,
 * so a reload keeps it and Back does not step through it; null removes it.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setValue = useCallback(
    (value: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setSearchParams],
  );
  return [searchParams.get(name), setValue];
}
