import { useTranslation } from '../../i18n/use-translation';
import type { SpotOrder } from '../../../domain/spot';
import { useOnline } from '../../components/use-online';
import { usePrefs } from '../../core/contexts';
import { NONE, formatMs, trimZeros } from './trade-format';

/** One order: pair, side, type, price, quantity, filled, average price, status and time. */
export function OrderCard({ order, onCancel }: { order: SpotOrder; onCancel?: (order: SpotOrder) => void }) {
  const { t } = useTranslation(['trade', 'common']);
  const { lang } = usePrefs();
  const online = useOnline();
  const [base, quote] = order.symbol.split('/');
  const cells: [string, string][] = [
    [t('fields.price'), order.price ?? t('type.market')],
    order.qty !== null || order.amount === null
      ? [`${t('fields.qty')} (${base})`, order.qty ?? NONE]
      : [`${t('fields.amount')} (${quote})`, trimZeros(order.amount)],
    [`${t('fields.filled')} (${base})`, order.filledQty],
    [t('fields.avgPrice'), order.avgPrice ?? NONE],
    [`${t('fields.total')} (${quote})`, trimZeros(order.filledAmount)],
    [`${t('fields.fee')} (${order.feeCoin})`, trimZeros(order.fee)],
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
