import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STATUSES, type LegalOrder } from '../../../domain/legal';
import type { Dated } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { useReconnect } from '../../components/use-reconnect';
import { useCore, usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { PAGE, useHistory, type History } from '../../core/use-paged';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { fiatText } from './legal-format';
import { Cached, ReadState } from './read-state';
import { QUIET, useLegalPush } from './use-legal';

const FILTERS = ['', 'open', ...ORDER_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

const orderId = (o: LegalOrder) => o.id;

/**
 * One order in a list: side, status, fiat amount (2 decimals), quantity (the coin's display
 * decimals, exact on tap), counterparty, time.
 */
export function OrderRow({ order }: { order: LegalOrder }) {
  const { t } = useTranslation('legal');
  const { lang } = usePrefs();
  return (
    <Link
      className="legal-order"
      to={`/pages/legal/orderDetail?id=${order.id}`}
      data-testid="legal-order"
      data-status={order.status}
    >
      <header className="legal-order__head">
        <span className={`legal-order__side legal-order__side--${order.role}`}>
          {t(`order.role.${order.role}`)}
        </span>
        <span className="legal-order__coin">{order.coin}</span>
        <span className={`badge legal-badge--${order.status}`}>{t(`status.${order.status}`)}</span>
      </header>
      <div className="legal-order__body">
        <span className="mono legal-big">
          {fiatText(order.amount, lang)} {order.currency}
        </span>
        <span className="mono" data-testid="legal-order-qty">
          <CoinAmount value={order.qty} coin={order.coin} />
        </span>
      </div>
      <p className="legal-order__meta">
        {order.counterparty} · {formatMs(order.createdAt, lang)}
      </p>
    </Link>
  );
}

/**
 * The orders of one filter, a page at a time: the first page as the fiat reads show it (what the
 * worker last kept, dated, then the server's answer, with no toast for an unreached server), the
 * older pages on demand. A new filter starts over.
 */
function useOrders(status: Filter, asMerchant: boolean): History<LegalOrder> {
  const { core } = useCore();
  const call = useCall();
  const fetchPage = useCallback(
    async (before?: number, onCached?: (cached: Dated<LegalOrder[]>) => void) => {
      const req = { status, asMerchant, limit: PAGE };
      if (before !== undefined) return call('legal/orders', { ...req, before });
      if (onCached) {
        void core.cachedLegal('legal/orders', req).then(
          (c) => c && onCached({ data: c.data as LegalOrder[], savedAt: c.cachedAt, source: 'cache' }),
          () => undefined,
        );
      }
      return call('legal/orders', req, { states: QUIET });
    },
    [core, call, status, asMerchant],
  );
  const orders = useHistory(JSON.stringify([status, asMerchant]), fetchPage, orderId);
  const { reload } = orders;
  // A pushed order, or the server reached again, reads the first page again.
  useLegalPush(useCallback(() => void reload(), [reload]));
  useReconnect(reload);
  return orders;
}

/** The caller's orders (or, `asMerchant`, their shop's), filtered by state, newest first, live. */
export function OrderList({ asMerchant }: { asMerchant: boolean }) {
  const { t } = useTranslation('legal');
  const [status, setStatus] = useState<Filter>('');
  const orders = useOrders(status, asMerchant);
  const shown = orders.items ?? [];
  const cachedAt = orders.time?.source === 'cache' ? orders.time.savedAt : null;
  return (
    <>
      <div className="legal-filters legal-filters--scroll" role="radiogroup">
        {FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            role="radio"
            aria-checked={status === f}
            className={`legal-chip${status === f ? ' legal-chip--active' : ''}`}
            onClick={() => setStatus(f)}
          >
            {f === '' ? t('filter.all') : f === 'open' ? t('filter.open') : t(`status.${f}`)}
          </button>
        ))}
      </div>
      <Cached at={cachedAt} />
      <ReadState
        read={{ data: orders.items, failed: orders.failed, reload: orders.reload }}
        empty={shown.length === 0 ? t('orders.empty') : null}
      >
        <div className="legal-list" data-testid="legal-order-list">
          {shown.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </div>
        {!orders.done && (
          <button type="button" className="btn btn--ghost btn--block" onClick={() => void orders.more()}>
            …
          </button>
        )}
      </ReadState>
    </>
  );
}
