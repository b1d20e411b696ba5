import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { PrivateEvent, SpotOrder } from '../../../domain/spot';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { EntrustLeverSection } from '../lever/entrust-lever-section';
import { RequireUser } from '../mine/require-user';
import { OrderList } from './order-list';
import { useCancelOrder } from './use-cancel-order';
import { useOpenOrders } from './use-open-orders';
import { PAGE, usePaged } from './use-paged';
import { usePrivateEvents } from './use-private-events';

/** The tabs of the orders page. */
export const ENTRUST_TABS = ['open', 'all', 'history'] as const;
type Tab = (typeof ENTRUST_TABS)[number];

const orderId = (o: SpotOrder) => o.id;

/** /pages/trade/entrust (tab "CSD"): open orders, all orders and order history. */
export function EntrustPage() {
  const { t } = useTranslation(['trade', 'common']);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = ENTRUST_TABS.includes(raw as Tab) ? (raw as Tab) : 'open';
  const { user } = useUser();
  const call = useCall();

  const { orders: openOrders, reload: reloadOpen, apply: applyOpen } = useOpenOrders();
  const load = useCallback(
    async (before: number | undefined) => {
      if (!user || tab === 'open') return null;
      const out = await call('trade/orders', {
        status: tab,
        limit: PAGE,
        ...(before !== undefined && { before }),
      });
      return out.ok ? out.data : null;
    },
    [call, user, tab],
  );
  const paged = usePaged(`${user?.id ?? ''}|${tab}`, load, orderId);
  const { update } = paged;

  // Orders that change while listed (fills, cancels) are updated in place.
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'order') update((o) => o.id === e.order.id, e.order);
    },
    [update],
  );
  usePrivateEvents(user !== null && tab === 'all', onEvent);

  const onCancelled = useCallback(
    (order: SpotOrder) => {
      applyOpen(order);
      update((o) => o.id === order.id, order);
    },
    [applyOpen, update],
  );
  const cancel = useCancelOrder(onCancelled);

  const refresh = tab === 'open' ? reloadOpen : paged.reload;
  const tabs = useMemo(
    () =>
      ENTRUST_TABS.map((k) => ({
        k,
        label: t(k === 'open' ? 'orders.open' : k === 'all' ? 'orders.all' : 'orders.history'),
      })),
    [t],
  );

  return (
    <Screen onRefresh={refresh}>
      <RequireUser>
        {() => (
          <>
            <div className="segmented entrust-tabs" role="tablist">
              {tabs.map(({ k, label }) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={tab === k}
                  className={`segmented__item${tab === k ? ' segmented__item--active' : ''}`}
                  onClick={() => setParams({ tab: k }, { replace: true })}
                  data-testid={`entrust-tab-${k}`}
                >
                  {label}
                </button>
              ))}
            </div>
            <Link className="entrust-link" to="/pages/trade/detail">
              <Icon name="clock" size={18} />
              <span>{t('orders.fills')}</span>
              <Icon name="chevron" size={16} />
            </Link>
            {tab === 'open' ? (
              <>
                <OrderList orders={openOrders} onCancel={cancel.ask} />
                <EntrustLeverSection />
              </>
            ) : (
              <OrderList
                orders={paged.items}
                onCancel={cancel.ask}
                paging={{ loading: paged.loading, done: paged.done, more: paged.more }}
              />
            )}
            {cancel.dialog}
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
