import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (server clock), ticking every second. `skew` is the server's
 * clock minus this device's, measured when the order was read, so a device whose clock is wrong
 * still counts the server's 10 minutes. The deadline comes from the server, so a reload resumes the
 * same countdown.
 */
export function useCountdownTo(deadline: number | null, skew: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - (now + skew));
}
