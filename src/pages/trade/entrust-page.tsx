import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { PrivateEvent, SpotOrder } from '../../../domain/spot';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { EntrustLeverSection } from '../lever';
import { RequireUser } from '../../components/require-user';
import { OrderList } from './order-list';
import { useCancelOrder } from './use-cancel-order';
import { useOpenOrders } from './use-open-orders';
import { PAGE, usePaged } from '../../core/use-paged';
import type { PageLoader } from '../../core/use-paged';
import { usePrivateEvents } from '../../core/use-private-events';

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
  const read = usePrivateRead();

  const open = useOpenOrders();
  const { orders: openOrders, reload: reloadOpen, apply: applyOpen } = open;
  const [failed, setFailed] = useState<string | null>(null);
  const pagedKey = `${user?.id ?? ''}|${tab}`;
  const load = useCallback<PageLoader<SpotOrder>>(
    async (before, onCached) => {
      if (!user || tab === 'open') return null;
      const req = { status: tab, limit: PAGE, ...(before !== undefined && { before }) };
      const out = await read('trade/orders', req, onCached);
      if (before === undefined) setFailed(out.ok ? null : `${user.id}|${tab}`);
      return out.ok ? out : null;
    },
    [read, user, tab],
  );
  const paged = usePaged(pagedKey, load, orderId);
  const { update } = paged;

  // Orders that change while listed (fills, cancels) are updated in place.
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'order') update((o) => o.id === e.order.id, e.order);
    },
    [update],
  );
  // After a reconnect the list is read again: changes meanwhile were not streamed.
  usePrivateEvents(user !== null && tab !== 'open', onEvent, paged.reload);

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
            <AsOf time={tab === 'open' ? open.time : paged.time} testId="entrust-as-of" />
            {tab === 'open' && openOrders === null && open.failed ? (
              <>
                <NothingSaved testId="orders-nothing-saved" onRetry={() => void reloadOpen()} />
                <EntrustLeverSection />
              </>
            ) : tab !== 'open' && paged.items === null && failed === pagedKey ? (
              <NothingSaved testId="orders-nothing-saved" onRetry={() => void paged.reload()} />
            ) : tab === 'open' ? (
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
