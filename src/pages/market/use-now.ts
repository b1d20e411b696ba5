import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `everyMs` (for "updated 3 min ago" labels). */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
