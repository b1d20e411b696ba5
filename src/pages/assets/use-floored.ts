import { useCallback, useEffect, useState } from 'react';
import { useCore } from '../../core/contexts';
import { AMOUNT_TEXT } from './assets-format';

interface Held {
  value: string;
  decimals: number;
  floored: string | null;
}

/**
 * Floors amounts with the worker's exact decimal math (spec §5: never rounded up); the UI thread
 * does no arithmetic on money. `floor` asks once; `useFloored` keeps the floored form of a typed
 * value, or null while it is not a number (or not floored yet).
 */
export function useFloor(): (value: string, decimals: number) => Promise<string | null> {
  const { core } = useCore();
  return useCallback(
    async (value: string, decimals: number) => {
      const text = value.trim();
      if (!AMOUNT_TEXT.test(text)) return null;
      const answer = await core.amounts({ floor: { value: text, decimals } });
      return answer.floor ?? null;
    },
    [core],
  );
}

/** The floored form of `value` to `decimals`, kept up to date as the user types. */
export function useFloored(value: string, decimals: number | null): string | null {
  const floor = useFloor();
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    if (decimals === null) return;
    let live = true;
    void floor(value, decimals).then((floored) => {
      if (live) setHeld({ value, decimals, floored });
    });
    return () => {
      live = false;
    };
  }, [floor, value, decimals]);
  return held && held.value === value && held.decimals === decimals ? held.floored : null;
}
