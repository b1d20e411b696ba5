import { Suspense, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import { bookSteps } from '../../../domain/book-steps';
import type { PairInfo } from '../../../domain/market';
import type { OrderSide, OrderType, SpotOrder } from '../../../domain/spot';
import { AsOf } from '../../components/as-of';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { whenIdleAfterPaint } from '../../core/after-first-render';
import { useUser } from '../../core/contexts';
import { OpenOrdersSection } from './open-orders-section';
import { OrderBook } from './order-book';
import type { BookChoice } from './order-book';
import { LazyOrderForm, orderFormLoaded, preloadOrderForm } from './lazy-order-form';
import { OrderFormFrame } from './order-form-frame';
import { PairBar, isDown } from './pair-bar';
import { spotAvailable, useBalances } from './use-balances';
import { useBook } from './use-book';
import { useCancelOrder } from './use-cancel-order';
import { useCatalog } from '../../core/use-catalog';
import { useOpenOrders } from './use-open-orders';
import { useDatedTicker } from './use-ticker';

const DEFAULT_SYMBOL = 'BTC/USDT';
const NO_PAIRS: readonly PairInfo[] = [];

/** /pages/trade/trade?symbol=BTC/USDT&side=buy: spot trading (spec §2, pull-to-refresh 55 px). */
export function TradePage() {
  const { t } = useTranslation(['trade', 'common']);
  const [params, setParams] = useSearchParams();
  const { user } = useUser();
  const { catalog, reload: reloadCatalog } = useCatalog();
  const symbol = params.get('symbol') ?? catalog?.pairs[0]?.symbol ?? DEFAULT_SYMBOL;
  const side: OrderSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  const pair = catalog?.pairs.find((p) => p.symbol === symbol) ?? null;

  const setQuery = useCallback(
    (patch: Record<string, string>) =>
      setParams((prev) => ({ ...Object.fromEntries(prev), ...patch }), { replace: true }),
    [setParams],
  );

  const [choice, setChoice] = useState<BookChoice>({ side: 'both', rows: 5, stepIndex: 0 });
  const steps = useMemo(() => (pair ? bookSteps(pair.tickSize) : []), [pair]);
  const step = steps[choice.stepIndex] ?? steps[0] ?? '1';
  const view = useBook(pair ? symbol : null, { rows: choice.rows, side: choice.side, step });
  const { ticker, time: tickerTime } = useDatedTicker(pair || !catalog ? symbol : null);
  const [type, setType] = useState<OrderType>('limit');
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  // A price tapped in the book makes the order a limit order at that price.
  const pick = useCallback((price: string) => {
    setType('limit');
    setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }));
  }, []);

  // The form's code is fetched (and the form shown) only once the first paint is done, so it never
  // competes with what that paint needs; until then the frame stands in its place.
  const [formWanted, setFormWanted] = useState(orderFormLoaded);
  useEffect(
    () =>
      whenIdleAfterPaint(() => {
        void preloadOrderForm();
        // A transition: while the code loads, the frame stays as it is (no fallback commit).
        startTransition(() => setFormWanted(true));
      }),
    [],
  );

  const { balances, time: balancesTime, reload: reloadBalances } = useBalances();
  const open = useOpenOrders(symbol);
  const { reload: reloadOpen, apply } = open;
  const cancel = useCancelOrder(apply);

  const onSide = useCallback((s: OrderSide) => setQuery({ side: s }), [setQuery]);
  const quoteAvailable = pair ? spotAvailable(balances, pair.quote) : null;
  const baseAvailable = pair ? spotAvailable(balances, pair.base) : null;
  const available = useMemo(
    () => ({ quote: quoteAvailable, base: baseAvailable }),
    [quoteAvailable, baseAvailable],
  );

  const refresh = useCallback(
    () => Promise.all([reloadCatalog(), reloadBalances(), reloadOpen()]),
    [reloadCatalog, reloadBalances, reloadOpen],
  );
  const onPlaced = useCallback(
    (order: SpotOrder) => {
      apply(order);
      void reloadBalances();
    },
    [apply, reloadBalances],
  );

  const right = (
    <Link className="icon-btn" to="/pages/trade/entrust" aria-label={t('orders.all')}>
      <Icon name="orders" />
    </Link>
  );

  // Before the catalog (a first visit), the screen is drawn from the symbol: the pair bar, the form's
  // frame and the book's waiting shape; the form takes the frame's place when the rules and its
  // code have arrived.
  const [base = '', quote = ''] = symbol.split('/');
  // Only a market order's estimate reads the book's best prices (the form is memoized): a limit
  // form is not rendered again for every book update.
  const best = type === 'market' ? view : null;
  const frame = (
    <OrderFormFrame base={base} quote={quote} side={side} onSide={onSide} type={type} onType={setType} />
  );
  return (
    <Screen onRefresh={refresh} right={right} backTo="/pages/market/market">
      {catalog && !pair ? (
        <div className="state" data-testid="unknown-market">
          <p className="state__text">{t('pair.unknown')}</p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setQuery({ symbol: catalog.pairs[0]?.symbol ?? DEFAULT_SYMBOL })}
          >
            {t('pair.choose')}
          </button>
        </div>
      ) : (
        <>
          <PairBar
            symbol={symbol}
            pairs={catalog?.pairs ?? NO_PAIRS}
            ticker={ticker}
            onPick={(s) => setQuery({ symbol: s })}
          />
          <AsOf time={tickerTime} testId="ticker-as-of" />
          <div className="trade-main">
            <Suspense fallback={frame}>
              {catalog && pair && formWanted ? (
                <LazyOrderForm
                  pair={pair}
                  coins={catalog.coins}
                  side={side}
                  onSide={onSide}
                  type={type}
                  onType={setType}
                  tradePasswordRequired={catalog.tradePassword.spotOrder === 'always'}
                  available={available}
                  availableTime={balancesTime}
                  bestBid={best?.bestBid ?? null}
                  bestAsk={best?.bestAsk ?? null}
                  picked={picked}
                  onPlaced={onPlaced}
                />
              ) : (
                frame
              )}
            </Suspense>
            <OrderBook
              view={view}
              pair={pair}
              choice={choice}
              steps={steps}
              onChoice={setChoice}
              onPick={pick}
              last={ticker ? { price: ticker.last, up: !isDown(ticker.changePct) } : null}
            />
          </div>
          {user && catalog && (
            <OpenOrdersSection symbol={symbol} catalog={catalog} open={open} onCancel={cancel.ask} />
          )}
          {cancel.dialog}
        </>
      )}
    </Screen>
  );
}
