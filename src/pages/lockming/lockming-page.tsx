import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { LockmingKind } from '../../../domain/lockming-types';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Screen } from '../../components/screen';
import { SignInLink } from '../../components/sign-in-link';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { usePrivateData, usePublicRead } from '../../core/use-dated-read';
import { useTranslation } from '../../i18n/use-translation';
import { LockForm } from './lock-form';
import { ProductCard } from './product-card';
import './lockming.css';

const NONE = {} as Record<string, never>;
const KINDS: readonly LockmingKind[] = ['lock', 'savings'];

/** The signed-in user's balances, for the form's "available in finance". */
function useFinance(userId: number | null) {
  return usePrivateData('assets/balances', {}, userId).data;
}

/**
 * /pages/lockming/index: lock-up products and deposit savings ("存币宝"), each with its period,
 * daily rate, reference annualized yield over the past 3 days (from what it paid), minimum and the
 * room the house's reserve leaves; pick one to lock from the `finance` account.
 */
export function LockmingPage() {
  const { t } = useTranslation(['lockming', 'common']);
  const { user } = useUser();
  const [kind, setKind] = useState<LockmingKind>('lock');
  const [picked, setPicked] = useState<number | null>(null);
  const products = usePublicRead('lockming/products', NONE);
  const terms = usePublicRead('lockming/terms', NONE);
  const balances = useFinance(user?.id ?? null);
  const shown = (products.data ?? []).filter((p) => p.kind === kind);
  return (
    <Screen>
      <p className="muted">{t('intro', { time: terms.data?.accrualAtUtc ?? '00:00' })}</p>
      <div className="lockming-bar">
        <div className="segmented" role="tablist" aria-label={t('tabs.label')}>
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={`segmented__item${kind === k ? ' segmented__item--active' : ''}`}
              onClick={() => {
                setKind(k);
                setPicked(null);
              }}
              data-testid={`lockming-tab-${k}`}
            >
              {t(`tabs.${k}`)}
            </button>
          ))}
        </div>
        <Link className="btn btn--text" to="/pages/lockming/list" data-testid="lockming-positions-link">
          {t('myPositions')}
        </Link>
      </div>
      <AsOf time={products.time} testId="lockming-as-of" />
      {products.data === null ? (
        products.failed ? (
          <NothingSaved testId="lockming-nothing-saved" onRetry={() => void products.reload()} />
        ) : (
          <div className="state">
            <Spinner size={24} />
          </div>
        )
      ) : shown.length === 0 ? (
        <p className="muted center" data-testid="lockming-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="lockming-list">
          {shown.map((p) => (
            <div key={p.id}>
              <ProductCard
                p={p}
                selected={picked === p.id}
                onPick={() => setPicked(picked === p.id ? null : p.id)}
              />
              {picked === p.id &&
                (user ? (
                  <LockForm product={p} terms={terms.data} balances={balances} />
                ) : (
                  <p className="card center">
                    <SignInLink testId="lockming-sign-in">{t('signIn')}</SignInLink>
                  </p>
                ))}
            </div>
          ))}
        </div>
      )}
    </Screen>
  );
}
