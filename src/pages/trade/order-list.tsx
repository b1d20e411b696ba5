import { useTranslation } from '../../i18n/use-translation';
import type { SpotOrder } from '../../../domain/spot';
import { useCatalog } from '../../core/use-catalog';
import { Spinner } from '../../components/spinner';
import { OrderCard } from './order-card';
import { MoreButton } from './more-button';

/** Paging controls of a list. */
export interface Paging {
  loading: boolean;
  done: boolean;
  more(): Promise<void>;
}

/** A list of order cards, with "load more" when paged. */
export function OrderList({
  orders,
  onCancel,
  paging,
}: {
  orders: SpotOrder[] | null;
  onCancel(order: SpotOrder): void;
  paging?: Paging;
}) {
  const { t } = useTranslation('trade');
  const { catalog } = useCatalog();
  if (orders === null) {
    return (
      <div className="trade-orders__state">
        <Spinner size={24} />
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <p className="trade-orders__state" data-testid="orders-empty">
        {t('orders.empty')}
      </p>
    );
  }
  return (
    <div className="order-list" data-testid="order-list">
      {orders.map((o) => (
        <OrderCard key={o.id} order={o} catalog={catalog} onCancel={onCancel} />
      ))}
      {paging && <MoreButton {...paging} />}
    </div>
  );
}
