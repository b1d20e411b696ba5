import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { KycView } from '../../../../domain/identity-endpoints';
import { Icon } from '../../../components/icons';
import { Screen } from '../../../components/screen';
import { toast } from '../../../components/toast';
import { useCatalog } from '../../../core/use-catalog';
import { DataAge } from '../../../components/data-age';
import { useBcp47 } from './use-bcp47';
import { formatNumber } from '../../../../domain/display';
import { useTranslation } from '../../../i18n/use-translation';
import { RequireUser } from '../../../components/require-user';
import { LoadState } from '../../../components/load-state';
import { KycForm } from './kyc-form';
import { KycStatusCard } from './kyc-status-card';
import { useKyc } from './use-kyc';
import '../../../styles/identity.css';

/** Where a 998 intent came from (src/core/intents.ts puts it in the navigation state). */
function useReturnPath(): string | null {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('/pages/mine/real_authentication')
    ? from
    : null;
}

/** The USDT withdrawal limits from the catalog: what verification changes. */
function LimitNote() {
  const { t } = useTranslation('identity');
  const { catalog } = useCatalog();
  const locale = useBcp47();
  const limit = catalog?.withdrawLimits.USDT;
  if (!limit) return null;
  const decimals = catalog.coins.find((c) => c.symbol === 'USDT')?.decimals ?? 2;
  const show = (v: string) => formatNumber(v, { locale, decimals, trim: true });
  return (
    <p className="note identity-note" data-testid="kyc-limit">
      <Icon name="info" size={16} />
      {t('kyc.limit', { coin: 'USDT', unverified: show(limit.unverified), verified: show(limit.verified) })}
    </p>
  );
}

function KycBody() {
  const { t } = useTranslation('identity');
  const { view, savedAt, failed, reload, set } = useKyc();
  const from = useReturnPath();
  const navigate = useNavigate();
  const previous = useRef<KycView['state'] | null>(null);

  // A decision that arrives while the page is open: once verified, go back to where the 998 came from.
  useEffect(() => {
    const state = view?.state ?? null;
    if (previous.current === 'review' && state === 'verified') {
      toast.success(t('kyc.verifiedToast'));
      if (from) void navigate(from, { replace: true });
    }
    previous.current = state;
  }, [view?.state, from, navigate, t]);

  if (!view)
    return (
      <LoadState
        failed={failed}
        onRetry={() => void reload()}
        failedText={t('loadFailed')}
        testId="identity"
      />
    );
  return (
    <>
      <DataAge at={savedAt} says="asOf" testId="kyc-saved" />
      {view.state === 'none' && <p className="kyc-intro">{t('kyc.intro')}</p>}
      {view.state !== 'none' && <KycStatusCard view={view} />}
      {view.state === 'verified' && from && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void navigate(from, { replace: true })}
          data-testid="kyc-continue"
        >
          {t('kyc.continue')}
        </button>
      )}
      {view.state !== 'verified' && <LimitNote />}
      {(view.state === 'none' || view.state === 'rejected') && (
        <KycForm
          onSubmitted={set}
          initial={
            view.state === 'rejected' && view.submission
              ? { name: view.submission.name, docType: view.submission.docType }
              : undefined
          }
        />
      )}
    </>
  );
}

/** /pages/mine/real_authentication: identity verification (spec §3, §4, §6). */
export function RealAuthPage() {
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>{() => <KycBody />}</RequireUser>
    </Screen>
  );
}
