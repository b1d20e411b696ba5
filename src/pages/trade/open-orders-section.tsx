import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { CatalogInfo } from '../../../domain/market';
import type { SpotOrder } from '../../../domain/spot';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Spinner } from '../../components/spinner';
import { OrderCard } from './order-card';
import type { OpenOrders } from './use-open-orders';

/** The open orders of the pair under the form, with links to every order and the history. */
export function OpenOrdersSection({
  symbol,
  catalog,
  open,
  onCancel,
}: {
  symbol: string;
  catalog: CatalogInfo | null;
  open: Pick<OpenOrders, 'orders' | 'time' | 'failed'>;
  onCancel(order: SpotOrder): void;
}) {
  const { t } = useTranslation('trade');
  const { orders } = open;
  return (
    <section className="trade-orders" data-testid="open-orders">
      <header className="trade-orders__head">
        <h2 className="trade-orders__title">
          {t('orders.thisPair', { pair: symbol })}
          {orders && orders.length > 0 && <span className="badge">{orders.length}</span>}
        </h2>
      </header>
      <nav className="trade-orders__links">
        <Link to="/pages/trade/entrust?tab=all">{t('orders.all')}</Link>
        <Link to="/pages/trade/entrust?tab=history">{t('orders.history')}</Link>
        <Link to="/pages/trade/detail">{t('orders.fills')}</Link>
      </nav>
      <AsOf time={open.time} testId="orders-as-of" />
      {orders === null && open.failed ? (
        <NothingSaved testId="orders-nothing-saved" />
      ) : orders === null ? (
        <div className="trade-orders__state">
          <Spinner size={22} />
        </div>
      ) : orders.length === 0 ? (
        <p className="trade-orders__state">{t('orders.empty')}</p>
      ) : (
        orders.map((o) => <OrderCard key={o.id} order={o} catalog={catalog} onCancel={onCancel} />)
      )}
    </section>
  );
}
