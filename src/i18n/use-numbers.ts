import { BCP47 } from '../../domain/locale';
import { usePrefs } from '../core/contexts';
import { numbersFor } from './numbers';
import type { Numbers } from './numbers';

/** The number formatters of the UI language (domain/display.ts bound to its locale). */
export function useNumbers(): Numbers {
  return numbersFor(BCP47[usePrefs().lang]);
}
