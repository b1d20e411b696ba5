import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import type { LeverSide } from '../../../domain/lever';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { LoadState } from '../../components/load-state';
import { useOnline } from '../../components/use-online';
import { useUser } from '../../core/contexts';
import { useCatalog } from '../../core/use-catalog';
import { LiveMarket, useBalances } from '../trade';
import { useLeverFormSlot } from './use-lever-form-slot';
import { LeverLinks } from './lever-links';
import { PositionsSection } from './positions-section';
import { useLeverLive, useLeverTerms } from './use-lever';
import { usePositionActions } from './use-position-actions';
import './lever.css';

/** The form previews at the last trade (or the position's mark); the book's best prices it does not need. */
const LAST = { best: false, last: true };

/** /pages/lever/lever?symbol=BTC/USDT&side=long: leveraged contracts (spec §2, pull-to-refresh 55 px). */
export function LeverPage() {
  const { t } = useTranslation(['lever', 'trade', 'errors', 'common']);
  const [params, setParams] = useSearchParams();
  const { user } = useUser();
  const online = useOnline();
  const { catalog, failed: catalogFailed, reload: reloadCatalog } = useCatalog();
  const { terms, failed: termsFailed, reload: reloadTerms } = useLeverTerms();
  const leverPairs = useMemo(
    () =>
      catalog && terms ? catalog.pairs.filter((p) => terms.pairs.some((x) => x.symbol === p.symbol)) : [],
    [catalog, terms],
  );
  const symbol = params.get('symbol') ?? terms?.pairs[0]?.symbol ?? 'BTC/USDT';
  const side: LeverSide = params.get('side') === 'short' ? 'short' : 'long';
  const pair = leverPairs.find((p) => p.symbol === symbol) ?? null;
  const pairTerms = terms?.pairs.find((p) => p.symbol === symbol) ?? null;
  const setQuery = useCallback(
    (patch: Record<string, string>) =>
      setParams((prev) => ({ ...Object.fromEntries(prev), ...patch }), { replace: true }),
    [setParams],
  );

  const { balances, reload: reloadBalances } = useBalances();
  const available =
    balances && pair
      ? (balances.find((b) => b.account === 'lever' && b.coin === pair.quote)?.available ?? '0')
      : null;
  const live = useLeverLive();
  const { reload: reloadLive } = live;
  const { actions, dialogs } = usePositionActions(live.state, reloadLive);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const pick = useCallback((price: string) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 })), []);
  const positionMark = live.state?.positions.find((p) => p.symbol === symbol)?.mark ?? null;
  const onSide = useCallback((s: LeverSide) => setQuery({ side: s }), [setQuery]);
  const onPickMarket = useCallback((s: string) => setQuery({ symbol: s }), [setQuery]);
  const onOpened = useCallback(
    () => void Promise.all([reloadLive(), reloadBalances()]),
    [reloadLive, reloadBalances],
  );
  const renderForm = useLeverFormSlot({
    pair,
    pairTerms,
    terms,
    side,
    onSide,
    positionMark,
    available: user ? available : null,
    picked,
    onOpened,
  });

  // One element per market: a new one on every render would render the memoized market again.
  const links = useMemo(() => <LeverLinks symbol={symbol} />, [symbol]);

  const refresh = useCallback(
    () => Promise.all([reloadCatalog(), reloadTerms(), reloadBalances(), reloadLive()]),
    [reloadCatalog, reloadTerms, reloadBalances, reloadLive],
  );

  const right = (
    <Link
      className="icon-btn"
      to="/pages/lever/leverList"
      aria-label={t('positions.list')}
      data-testid="lever-list-link"
    >
      <Icon name="orders" />
    </Link>
  );

  return (
    <Screen onRefresh={refresh} right={right} backTo="/pages/market/market">
      {!catalog || !terms ? (
        // Nothing saved to show (never visited, or offline before the first visit): a retry, not a
        // spinner that waits for an answer that cannot come.
        <LoadState
          failed={(!catalog && catalogFailed) || (!terms && termsFailed)}
          onRetry={() => void refresh()}
          failedText={t(online ? 'common:offline.notLoaded' : 'common:offline.nothingSaved')}
          testId="lever"
        />
      ) : !pair || !pairTerms ? (
        <UnknownMarket onChoose={() => setQuery({ symbol: terms.pairs[0]?.symbol ?? 'BTC/USDT' })} />
      ) : (
        <>
          <LiveMarket
            symbol={symbol}
            pair={pair}
            pairs={leverPairs}
            watchTicker
            needs={LAST}
            renderForm={renderForm}
            below={links}
            onPickMarket={onPickMarket}
            onPickPrice={pick}
          />
          {user && <PositionsSection state={live.state} actions={actions} />}
          {dialogs}
        </>
      )}
    </Screen>
  );
}

/** The market is not (or no longer) open for contracts: say so and offer the first one that is. */
function UnknownMarket({ onChoose }: { onChoose(): void }) {
  const { t } = useTranslation(['lever', 'trade', 'errors', 'common']);
  return (
    <div className="state" data-testid="unknown-market">
      <p className="state__text">{t('errors:leverPairDisabled')}</p>
      <button type="button" className="btn btn--primary" onClick={onChoose}>
        {t('trade:pair.choose')}
      </button>
    </div>
  );
}
