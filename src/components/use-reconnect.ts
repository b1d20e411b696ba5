import { useEffect, useRef } from 'react';
import { useOnline } from './use-online';

/**
 * Calls `onReconnect` each time the app can reach the server again after it could not: private
 * views read their state again, since nothing was streamed to them meanwhile.
 */
export function useReconnect(onReconnect: () => void): void {
  const online = useOnline();
  const latest = useRef(onReconnect);
  const was = useRef(online);
  useEffect(() => {
    latest.current = onReconnect;
  }, [onReconnect]);
  useEffect(() => {
    if (online && !was.current) latest.current();
    was.current = online;
  }, [online]);
}
