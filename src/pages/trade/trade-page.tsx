import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { CatalogInfo, PairInfo } from '../../../domain/market';
import type { DataTime } from '../../core/use-private-read';
import type { OrderSide, OrderType, SpotOrder } from '../../../domain/spot';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useWantedAfterPaint } from '../../core/deferred-component';
import { useUser } from '../../core/contexts';
import { OpenOrdersSection } from './open-orders-section';
import { lazyOrderForm } from './lazy-order-form';
import { OrderFormFrame } from './order-form-frame';
import { LiveMarket, type FormPrices } from './live-market';
import { spotAvailable, useBalances } from './use-balances';
import { useCancelOrder } from './use-cancel-order';
import { useCatalog } from '../../core/use-catalog';
import { useOpenOrders } from './use-open-orders';

const DEFAULT_SYMBOL = 'BTC/USDT';
const NO_PAIRS: readonly PairInfo[] = [];
const BEST = { best: true, last: false };
const NOTHING = { best: false, last: false };

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

  const [type, setType] = useState<OrderType>('limit');
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  // A price tapped in the book makes the order a limit order at that price.
  const pick = useCallback(
    (price: string) => {
      setType('limit');
      setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }));
    },
    [setType],
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

  const onPickMarket = useCallback((s: string) => setQuery({ symbol: s }), [setQuery]);
  const renderForm = useRenderForm({
    symbol,
    catalog,
    pair,
    side,
    onSide,
    type,
    onType: setType,
    available,
    availableTime: balancesTime,
    picked,
    onPlaced,
  });
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
          <LiveMarket
            symbol={symbol}
            pair={pair}
            pairs={catalog?.pairs ?? NO_PAIRS}
            watchTicker={pair !== null || !catalog}
            needs={type === 'market' ? BEST : NOTHING}
            renderForm={renderForm}
            onPickMarket={onPickMarket}
            onPickPrice={pick}
          />
          {user && catalog && (
            <OpenOrdersSection symbol={symbol} catalog={catalog} open={open} onCancel={cancel.ask} />
          )}
          {cancel.dialog}
        </>
      )}
    </Screen>
  );
}

/** What {@link useRenderForm} draws the form (or its frame) with. */
interface FormSlot {
  symbol: string;
  catalog: CatalogInfo | null;
  pair: PairInfo | null;
  side: OrderSide;
  onSide(side: OrderSide): void;
  type: OrderType;
  onType(type: OrderType): void;
  available: { quote: string | null; base: string | null };
  availableTime: DataTime;
  picked: { price: string; n: number } | null;
  onPlaced(order: SpotOrder): void;
}

/**
 * Draws the order form beside the book, given the book's best prices. Before the catalog (a first
 * visit), the screen is drawn from the symbol: the pair bar, the form's frame and the book's waiting
 * shape; the form takes the frame's place when the rules and its code have arrived.
 */
function useRenderForm(slot: FormSlot): (live: FormPrices) => ReactNode {
  const { symbol, catalog, pair, side, onSide, type, onType, available, availableTime, picked, onPlaced } =
    slot;
  const formWanted = useWantedAfterPaint(lazyOrderForm);
  const [base = '', quote = ''] = symbol.split('/');
  const tradePasswordRequired = catalog?.tradePassword.spotOrder === 'always';
  // The book's best prices reach the form only for a market order's estimate: a limit form is not
  // rendered again for every book update.
  return useCallback(
    ({ bestBid, bestAsk }: FormPrices) => {
      const frame = (
        <OrderFormFrame base={base} quote={quote} side={side} onSide={onSide} type={type} onType={onType} />
      );
      return (
        <Suspense fallback={frame}>
          {catalog && pair && formWanted ? (
            <lazyOrderForm.Component
              pair={pair}
              coins={catalog.coins}
              side={side}
              onSide={onSide}
              type={type}
              onType={onType}
              tradePasswordRequired={tradePasswordRequired}
              available={available}
              availableTime={availableTime}
              bestBid={bestBid}
              bestAsk={bestAsk}
              picked={picked}
              onPlaced={onPlaced}
            />
          ) : (
            frame
          )}
        </Suspense>
      );
    },
    [
      base,
      quote,
      side,
      onSide,
      type,
      onType,
      catalog,
      pair,
      formWanted,
      tradePasswordRequired,
      available,
      availableTime,
      picked,
      onPlaced,
    ],
  );
}
