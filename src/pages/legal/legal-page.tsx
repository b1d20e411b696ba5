import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { LegalAd } from '../../../domain/legal';
import { CoinAmount } from '../../components/coin-amount';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { usePrefs, useUser } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/legal.css';
import { AdCard, TakeBlockedNote } from './ad-card';
import { Cached, ReadState } from './read-state';
import { coinDecimals, defaultCurrency } from './legal-format';
import { whenIdleAfterPaint } from '../../core/after-first-render';
import { takeBlock } from './take-rule';
import { useBalances } from '../trade';
import { useLegalPush, useLegalRead } from './use-legal';

const NONE: Empty = {};

/**
 * The take dialog and what it alone needs, loaded after the hall's first paint: none of it is
 * drawn before a tap, and as part of the hall's first load it delayed the largest paint.
 */
const loadTakeDialog = () => import('./take-dialog');
const TakeDialog = lazy(() => loadTakeDialog().then((m) => ({ default: m.TakeDialog })));

/** /pages/legal/legal?side=buy&coin=USDT&currency=CNY: the fiat hall, buy or sell, by coin and currency. */
export function LegalPage() {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  const { user } = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const config = useLegalRead('legal/config', NONE);
  const terms = config.data;
  const coin = params.get('coin') ?? terms?.coins[0]?.coin ?? 'USDT';
  const currency = params.get('currency') ?? (terms ? defaultCurrency(terms, lang) : '');
  const ads = useLegalRead('legal/ads', { side, coin, currency }, terms !== null);
  const me = useLegalRead('legal/me', NONE, user !== null);
  const [taking, setTaking] = useState<LegalAd | null>(null);
  // Mounted from the first tap on (it keeps what was typed, as before it was lazy); fetched when
  // the main thread is idle after the first paint, so that tap seldom waits.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (taking && !dialogWanted) setDialogWanted(true);
  useEffect(() => whenIdleAfterPaint(() => void loadTakeDialog(), 3_000), []);
  const { balances } = useBalances();
  const held = balances?.find((b) => b.account === 'legal' && b.coin === coin);
  useLegalPush(() => {
    void ads.reload();
    void me.reload();
  });

  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const take = (ad: LegalAd) => {
    if (!user)
      void navigate('/pages/mine/login', { state: { from: `/pages/legal/legal?${params.toString()}` } });
    else setTaking(ad);
  };
  const right = (
    <>
      <Link
        className="icon-btn"
        to="/pages/legal/order"
        aria-label={t('hall.orders')}
        data-testid="legal-orders-link"
      >
        <Icon name="orders" />
      </Link>
      <Link className="icon-btn" to="/pages/legal/store" aria-label={t('hall.myShop')}>
        <Icon name="user" />
      </Link>
    </>
  );
  // Known refusals disable the take buttons up front, not after the form is filled in (issue 29).
  const block = takeBlock(me.data, side);

  return (
    <Screen right={right}>
      <div className="segmented legal-tabs" role="tablist">
        {(['buy', 'sell'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={side === k}
            className={`segmented__item${side === k ? ' segmented__item--active' : ''} legal-tabs__${k}`}
            onClick={() => set({ side: k })}
            data-testid={`legal-tab-${k}`}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      {/* The bar is there before the terms arrive, empty at its final height: it appeared with them
          and pushed the list down (a 0.046 layout shift on a first visit). */}
      {!terms ? (
        <div className="legal-filters" aria-hidden="true" data-testid="legal-filters-pending" />
      ) : (
        <div className="legal-filters">
          <div className="legal-coins" role="radiogroup" aria-label={t('hall.coin')}>
            {terms.coins.map((c) => (
              <button
                key={c.coin}
                type="button"
                role="radio"
                aria-checked={c.coin === coin}
                className={`legal-chip${c.coin === coin ? ' legal-chip--active' : ''}`}
                onClick={() => set({ coin: c.coin })}
              >
                {c.coin}
              </button>
            ))}
          </div>
          <label className="legal-currency">
            <span className="assets-sr-only">{t('hall.currency')}</span>
            <select
              value={currency}
              onChange={(e) => set({ currency: e.target.value })}
              data-testid="legal-currency"
            >
              {terms.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {user && (
        <div className="legal-account" data-testid="legal-account">
          <span>
            {t('hall.fiatAccount')}{' '}
            <strong className="mono">
              <CoinAmount value={held?.available ?? '0'} coin={coin} />
            </strong>
          </span>
          <Link to="/pages/legal/transfer">{t('hall.transfer')}</Link>
          <Link to="/pages/legal/transactionRecord">{t('hall.log')}</Link>
        </div>
      )}
      {block ? (
        <TakeBlockedNote block={block} />
      ) : (
        me.data &&
        side === 'buy' && (
          <p className="note" data-testid="cancels-left">
            {t('hall.cancelsLeft', { n: me.data.cancelsLeft })}
          </p>
        )
      )}
      <Cached at={ads.cachedAt} />
      <ReadState read={config.data ? ads : config} empty={ads.data?.length === 0 ? t('hall.empty') : null}>
        <div className="legal-list" data-testid="legal-ads">
          {ads.data?.map((ad) => (
            <AdCard key={ad.id} ad={ad} side={side} onTake={take} blocked={block !== null} />
          ))}
        </div>
      </ReadState>
      {dialogWanted && (
        <Suspense fallback={null}>
          <TakeDialog
            ad={taking}
            decimals={taking ? coinDecimals(terms, taking.coin) : 2}
            side={side}
            paymentMinutes={terms?.paymentMinutes ?? 10}
            onClose={() => setTaking(null)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
