import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STATUSES, type LegalOrder } from '../../../domain/legal';
import { CoinAmount } from '../../components/coin-amount';
import { usePrefs } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import { fiatText } from './legal-format';
import { Cached, ReadState } from './read-state';
import { useLegalPush, useLegalRead } from './use-legal';

const PAGE = 20;
const FILTERS = ['', 'open', ...ORDER_STATUSES] as const;

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

/** The caller's orders (or, `asMerchant`, their shop's), filtered by state, newest first, live. */
export function OrderList({ asMerchant }: { asMerchant: boolean }) {
  const { t } = useTranslation('legal');
  const call = useCall();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('');
  const read = useLegalRead('legal/orders', { status, asMerchant, limit: PAGE });
  const [more, setMore] = useState<LegalOrder[]>([]);
  const [end, setEnd] = useState(false);
  const { reload } = read;
  useLegalPush(
    useCallback(() => {
      setMore([]);
      void reload();
    }, [reload]),
  );
  const shown = [...(read.data ?? []), ...more];
  const loadMore = async () => {
    const last = shown.at(-1);
    if (!last) return;
    const out = await call('legal/orders', { status, asMerchant, limit: PAGE, before: last.id });
    if (out.ok) {
      setMore((m) => [...m, ...out.data]);
      if (out.data.length < PAGE) setEnd(true);
    }
  };
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
            onClick={() => {
              setStatus(f);
              setMore([]);
              setEnd(false);
            }}
          >
            {f === '' ? t('filter.all') : f === 'open' ? t('filter.open') : t(`status.${f}`)}
          </button>
        ))}
      </div>
      <Cached at={read.cachedAt} />
      <ReadState read={read} empty={shown.length === 0 ? t('orders.empty') : null}>
        <div className="legal-list" data-testid="legal-order-list">
          {shown.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </div>
        {!end && (read.data?.length ?? 0) >= PAGE && (
          <button type="button" className="btn btn--ghost btn--block" onClick={() => void loadMore()}>
            …
          </button>
        )}
      </ReadState>
    </>
  );
}
