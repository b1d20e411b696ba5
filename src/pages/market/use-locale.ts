import { BCP47 } from '../../../domain/locale';
import { usePrefs } from '../../core/contexts';

/** The BCP-47 tag numbers and dates are formatted with, from the UI language. */
export function useLocale(): string {
  return BCP47[usePrefs().lang];
}
