import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { CatalogInfo } from '../../../domain/market';
import type { SpotOrder } from '../../../domain/spot';
import { Spinner } from '../../components/spinner';
import { OrderCard } from './order-card';

/** The open orders of the pair under the form, with links to every order and the history. */
export function OpenOrdersSection({
  symbol,
  catalog,
  orders,
  onCancel,
}: {
  symbol: string;
  catalog: CatalogInfo | null;
  orders: SpotOrder[] | null;
  onCancel(order: SpotOrder): void;
}) {
  const { t } = useTranslation('trade');
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
      {orders === null ? (
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
