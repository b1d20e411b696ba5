import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (server clock) at device time `now`, never below 0 nor above
 * `longest` (the whole window, ms). `skew` is the server's clock minus this device's as measured
 * from a reply; a `now` read before that reply arrived (at the page's mount) would start the count
 * above its window right after an order is made ("10:01" for ten minutes) without the cap.
 */
export function leftUntil(deadline: number, now: number, skew: number, longest: number): number {
  return Math.min(longest, Math.max(0, deadline - (now + skew)));
}

/**
 * Milliseconds left until `deadline` (server clock), ticking every second: `leftUntil` with a device
 * clock corrected by `skew`, so a device whose clock is wrong still counts the server's 10 minutes.
 * The deadline comes from the server, so a reload resumes the same countdown.
 */
export function useCountdownTo(deadline: number | null, skew: number, longest = Infinity): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? 0 : leftUntil(deadline, now, skew, longest);
}
