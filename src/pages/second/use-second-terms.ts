import type { SecondTermsInfo } from '../../../domain/second-endpoints';
import { usePublicRead } from '../../core/use-dated-read';

const NONE: Record<string, never> = {};

/**
 * The option terms (`second/terms`, public): the server's, else (offline) the device's copy from an
 * earlier visit, else null while loading; `failed` after a failed read with nothing to show.
 */
export function useSecondTerms(): {
  terms: SecondTermsInfo | null;
  failed: boolean;
  reload(): Promise<void>;
} {
  const read = usePublicRead('second/terms', NONE);
  return { terms: read.data, failed: read.failed, reload: read.reload };
}
