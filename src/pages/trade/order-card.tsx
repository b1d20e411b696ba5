import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CatalogInfo } from '../../../domain/market';
import type { SpotOrder } from '../../../domain/spot';
import { useOnline } from '../../components/use-online';
import { Amount } from '../../components/amount';
import { usePrefs } from '../../core/contexts';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { NONE, formatMs } from './trade-format';

/** One order: pair, side, type, price, quantity, filled, average price, status and time. */
export function OrderCard({
  order,
  catalog,
  onCancel,
}: {
  order: SpotOrder;
  /** Prices and quantities at the pair's decimals; without it (not loaded yet) every digit is shown. */
  catalog: CatalogInfo | null;
  onCancel?: (order: SpotOrder) => void;
}) {
  const { t } = useTranslation(['trade', 'common']);
  const { lang } = usePrefs();
  const n = useNumbers();
  const online = useOnline();
  const [base, quote = ''] = order.symbol.split('/');
  const pair = catalog?.pairs.find((p) => p.symbol === order.symbol);
  const price = (v: string) => (pair ? n.price(v, pair) : n.exact(v));
  const qty = (v: string) => (pair ? n.qty(v, pair) : n.exact(v));
  const cells: [string, ReactNode][] = [
    [t('fields.price'), order.price === null ? t('type.market') : price(order.price)],
    order.qty !== null || order.amount === null
      ? [`${t('fields.qty')} (${base})`, order.qty === null ? NONE : qty(order.qty)]
      : [`${t('fields.amount')} (${quote})`, n.exact(order.amount)],
    [`${t('fields.filled')} (${base})`, qty(order.filledQty)],
    [t('fields.avgPrice'), order.avgPrice === null ? NONE : price(order.avgPrice)],
    [
      `${t('fields.total')} (${quote})`,
      <Amount value={order.filledAmount} coin={coinOf(catalog?.coins, quote)} />,
    ],
    // A fee is small: every digit it has, so it never reads as zero.
    [`${t('fields.fee')} (${order.feeCoin})`, n.exact(order.fee)],
  ];
  return (
    <article
      className="order-card"
      data-testid="order-card"
      data-order-id={order.id}
      data-status={order.status}
    >
      <header className="order-card__head">
        <span className={`order-card__side order-card__side--${order.side}`}>{t(`side.${order.side}`)}</span>
        <span className="order-card__pair">{order.symbol}</span>
        <span className="badge">{t(`type.${order.type}`)}</span>
        <span className="order-card__time">{formatMs(order.createdAt, lang)}</span>
      </header>
      <dl className="order-card__grid">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <footer className="order-card__foot">
        <span className={`order-status order-status--${order.status}`} data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
        {onCancel && order.status === 'open' && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => onCancel(order)}
            disabled={!online}
            data-testid="cancel-order"
            data-offline={!online || undefined}
          >
            {online ? t('orders.cancel') : t('common:offline.needsNetwork')}
          </button>
        )}
      </footer>
    </article>
  );
}
