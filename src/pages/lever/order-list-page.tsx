import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import type { LeverOrder, LeverStatus } from '../../../domain/lever';
import type { PrivateEvent } from '../../../domain/spot';
import type { ReactNode } from 'react';
import { CoinAmount } from '../../components/coin-amount';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { usePrefs, useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { AsOf, NothingSaved } from '../../components/as-of';
import type { Dated } from '../../../worker/core-api';
import { useHistory } from '../../core/use-paged';
import { RequireUser } from '../../components/require-user';
import { formatMs } from '../trade';
import { PAGE } from '../../core/use-paged';
import { usePrivateEvents } from '../../core/use-private-events';
import { NONE, pnlClass, useLeverFormat } from './lever-format';
import { ReceiptDialog } from './receipt-dialog';
import './lever.css';

const TABS = ['all', 'entrusting', 'trading', 'closed', 'cancelled'] as const;
type Tab = (typeof TABS)[number];
const idOf = (o: LeverOrder) => o.id;

/** One order of any state: prices, PnL, fees, times, and its receipt once settled. */
function OrderRow({ o, onReceipt }: { o: LeverOrder; onReceipt(o: LeverOrder): void }) {
  const { t } = useTranslation('lever');
  const { lang } = usePrefs();
  const f = useLeverFormat();
  // Every amount of the coin at its display decimals, the exact value a tap away (as in the receipt).
  const coin = (v: string | null | undefined, signed = false) => (
    <CoinAmount value={v} coin={o.coin} signed={signed} bare />
  );
  const cells: [string, ReactNode, string?][] = [
    [t('fields.openPrice'), f.digits(o.openPrice ?? o.limitPrice)],
    [t('fields.closePrice'), f.digits(o.closePrice)],
    [`${t('fields.pnl')} (${o.coin})`, coin(o.pnl, true), 'pnl'],
    [`${t('fields.margin')} (${o.coin})`, coin(o.margin)],
    [
      `${t('fields.openFee')} / ${t('fields.closeFee')} (${o.coin})`,
      <>
        {coin(o.openFee)} / {coin(o.closeFee)}
      </>,
    ],
    [`${t('fields.overnightFees')} (${o.coin})`, coin(o.overnightFees)],
    [t('fields.openedAt'), o.openedAt ? formatMs(o.openedAt, lang) : NONE],
    [t('fields.closedAt'), o.closedAt ? formatMs(o.closedAt, lang) : NONE],
  ];
  return (
    <article
      className="order-card lever-card"
      data-testid="lever-order"
      data-id={o.id}
      data-status={o.status}
    >
      <header className="order-card__head">
        <span className={`order-card__side order-card__side--${o.side === 'long' ? 'buy' : 'sell'}`}>
          {t(`side.${o.side}`)} {o.multiple}×
        </span>
        <span className="order-card__pair">{o.symbol}</span>
        <span className="badge">
          {t(`type.${o.type}`)} · {o.hands}
        </span>
        <span className="order-card__time">{formatMs(o.createdAt, lang)}</span>
      </header>
      <dl className="order-card__grid">
        {cells.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={id === 'pnl' ? pnlClass(o.pnl) : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <footer className="order-card__foot">
        <span className={`order-status order-status--${o.status}`} data-testid="lever-order-status">
          {t(`status.${o.status}`)}
          {o.receipt && o.status === 'closed' ? ` · ${t(`rule.${o.receipt.rule}`)}` : ''}
        </span>
        {o.receipt && o.status === 'closed' && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => onReceipt(o)}
            data-testid="lever-receipt-open"
          >
            {t('orders.receipt')}
          </button>
        )}
      </footer>
    </article>
  );
}

/** /pages/lever/orderList: every contract order (spec §4 states) with its settlement receipt. */
export function LeverOrderListPage() {
  const { t } = useTranslation(['lever', 'common']);
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'all';
  const { user } = useUser();
  const read = usePrivateRead();
  const [receipt, setReceipt] = useState<LeverOrder | null>(null);
  // The first page of each tab is kept on the device: offline it renders from there, dated.
  const load = useCallback(
    (before: number | undefined, onCached?: (c: Dated<LeverOrder[]>) => void) =>
      user
        ? read(
            'lever/orders',
            { status: tab as LeverStatus | 'all', limit: PAGE, ...(before !== undefined && { before }) },
            onCached,
          )
        : Promise.resolve(null),
    [read, user, tab],
  );
  const paged = useHistory(`${user?.id ?? ''}|lever|${tab}`, load, idOf);
  const { update, reload } = paged;
  const onEvent = useCallback(
    (e: PrivateEvent) => {
      if (e.type === 'lever') update((o) => o.id === e.order.id, e.order);
    },
    [update],
  );
  // Orders may have changed while the app could not hear of them: read again on reconnect.
  usePrivateEvents(user !== null, onEvent, reload);

  return (
    <Screen onRefresh={paged.reload} backTo="/pages/lever/lever">
      <RequireUser>
        {() => (
          <>
            <div className="segmented entrust-tabs lever-tabs" role="tablist">
              {TABS.map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={tab === k}
                  className={`segmented__item${tab === k ? ' segmented__item--active' : ''}`}
                  onClick={() => setParams({ status: k }, { replace: true })}
                  data-testid={`lever-tab-${k}`}
                >
                  {k === 'all' ? t('orders.all') : t(`status.${k}`)}
                </button>
              ))}
            </div>
            <AsOf time={paged.time} testId="lever-orders-as-of" />
            {paged.failed && <NothingSaved testId="lever-orders-failed" onRetry={() => void reload()} />}
            {paged.items?.length === 0 && !paged.loading ? (
              <p className="state__text lever-empty">{t('orders.empty')}</p>
            ) : (
              (paged.items ?? []).map((o) => <OrderRow key={o.id} o={o} onReceipt={setReceipt} />)
            )}
            {paged.loading && (
              <div className="state">
                <Spinner size={24} />
              </div>
            )}
            {!paged.done && !paged.loading && (paged.items?.length ?? 0) > 0 && (
              <button type="button" className="btn btn--ghost btn--block" onClick={() => void paged.more()}>
                {t('orders.more')}
              </button>
            )}
            <ReceiptDialog order={receipt} onClose={() => setReceipt(null)} />
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
