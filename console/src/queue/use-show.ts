import { useMemo } from 'react';
import { decimal, moment } from '../core/format';
import { useTranslation } from '../core/use-translation';
import type { Show } from './spec';

/** The formatters of the language shown. */
export function useShow(): Show {
  const { t, locale } = useTranslation();
  return useMemo(
    () => ({ t, decimal: (v) => decimal(v, locale), moment: (ms) => moment(ms, locale) }),
    [t, locale],
  );
}
