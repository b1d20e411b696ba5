import { useEffect, useState } from 'react';

/**
 * Reads what `load` gives, again whenever `load` changes (make it with `useCallback` over what it
 * depends on) or `reload` is called. `data` is undefined while the current read is under way, so a
 * page shows its old rows for no filter they do not match. `update` edits the rows in place (a
 * decision taken on one).
 */
export function useLoad<T>(load: () => Promise<T>): {
  data: T | undefined;
  reload(): void;
  update(fn: (data: T) => T): void;
} {
  const [round, setRound] = useState(0);
  const [held, setHeld] = useState<{ load: () => Promise<T>; round: number; data: T } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((data) => {
      if (live) setHeld({ load, round, data });
    });
    return () => {
      live = false;
    };
  }, [load, round]);
  const current = held !== null && held.load === load && held.round === round;
  return {
    data: current ? held.data : undefined,
    reload: () => setRound((r) => r + 1),
    update: (fn) => setHeld((h) => (h ? { ...h, data: fn(h.data) } : h)),
  };
}
