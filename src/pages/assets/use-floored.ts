import { useCallback } from 'react';
import { useCore } from '../../core/contexts';
import { AMOUNT_TEXT } from './assets-format';

/**
 * Floors amounts with the worker's exact decimal math (spec §5: never rounded up); the UI thread
 * does no arithmetic on money. Used for the "all" shortcut: what the user types is never floored
 * but refused when it has too many decimals (issue 10).
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
