import { BCP47 } from '../../../../domain/locale';
import { usePrefs } from '../../../core/contexts';

/**
 * The BCP-47 tag numbers and dates are formatted with. The same as the market's `useLocale`, kept
 * here so that importing it does not split that module out of the home page's chunk.
 */
export function useBcp47(): string {
  return BCP47[usePrefs().lang];
}
