import { useCallback, useEffect, useState } from 'react';
import type { Outcome } from '../../../domain/envelope';
import type { SecondTermsInfo } from '../../../domain/second-endpoints';
import { useCall } from '../../core/use-call';

/** The option terms (`second/terms`, public), or null while loading; `failed` after a failed read. */
export function useSecondTerms(): {
  terms: SecondTermsInfo | null;
  failed: boolean;
  reload(): Promise<void>;
} {
  const call = useCall();
  const [terms, setTerms] = useState<SecondTermsInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchTerms = useCallback(() => call('second/terms', {}), [call]);
  const apply = useCallback((out: Outcome<SecondTermsInfo>) => {
    setFailed(!out.ok);
    if (out.ok) setTerms(out.data);
  }, []);
  useEffect(() => {
    void fetchTerms().then(apply);
  }, [fetchTerms, apply]);
  const reload = useCallback(() => fetchTerms().then(apply), [fetchTerms, apply]);
  return { terms, failed, reload };
}
