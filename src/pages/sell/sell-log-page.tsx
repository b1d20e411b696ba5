import type { ReactNode } from 'react';
import type { SellRecord } from '../../../domain/sell-types';
import { AsOf, NothingSaved } from '../../components/as-of';
import { CoinAmount } from '../../components/coin-amount';
import { RequireUser } from '../../components/require-user';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { usePrefs, useUser } from '../../core/contexts';
import { useCatalog } from '../../core/use-catalog';
import { usePrivateData } from '../../core/use-dated-read';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { formatMs } from '../trade';
import '../../styles/sell.css';

const FIRST_PAGE = {};

/** One executed sell with its receipt: amounts, the quote it used, the bound, its fills. */
function SellCard({ r }: { r: SellRecord }) {
  const { t } = useTranslation('sell');
  const n = useNumbers();
  const { lang } = usePrefs();
  const { catalog } = useCatalog();
  const pair = catalog?.pairs.find((p) => p.symbol === r.symbol) ?? { tickSize: '0.00000001' };
  const row = (label: string, value: ReactNode, id?: string) => (
    <div className="confirm-order__row">
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
  return (
    <li className="card sell-record" data-testid="sell-record">
      <div className="card__head">
        <h2 className="card__title">
          {t('log.sold')} <CoinAmount value={r.qty} coin={r.coin} />
        </h2>
        <span className="muted">{formatMs(r.createdAt, lang)}</span>
      </div>
      <dl className="summary-rows sell-rows">
        {row(t('log.received'), <CoinAmount value={r.received} coin={r.quoteCoin} />, 'record-received')}
        {row(t('log.avgPrice'), n.price(r.avgPrice, pair))}
        {row(t('log.fee'), <CoinAmount value={r.fee} coin={r.quoteCoin} />)}
        {row(t('log.quoted'), <CoinAmount value={r.quote.received} coin={r.quoteCoin} />)}
        {row(t('confirm.slippage'), `${n.digits(r.slippage)}\u00a0%`)}
        {row(t('log.bound'), n.price(r.boundPrice, pair), 'record-bound')}
      </dl>
      <details className="sell-fills">
        <summary data-testid="record-fills">{t('log.fills', { n: r.fills.length })}</summary>
        <ul>
          {r.fills.map((f) => (
            <li key={f.tradeId} className="sell-fill" data-testid="record-fill">
              <span>
                {n.exact(f.qty)} {r.coin} @ {n.price(f.price, pair)}
              </span>
              <span className="muted">
                <CoinAmount value={f.fee} coin={r.quoteCoin} />
              </span>
            </li>
          ))}
        </ul>
        <p className="muted sell-refs">
          {t('log.order', { id: r.orderId })} · {t('log.tx', { id: r.ledgerTxId })}
        </p>
      </details>
    </li>
  );
}

function SellLog() {
  const { t } = useTranslation('sell');
  const { user } = useUser();
  const read = usePrivateData('sell/log', FIRST_PAGE, user?.id ?? null);
  return (
    <>
      <AsOf time={read.time} testId="sell-log-as-of" />
      {read.data === null ? (
        read.failed ? (
          <NothingSaved testId="sell-log-nothing-saved" onRetry={() => void read.reload()} />
        ) : (
          <div className="state">
            <Spinner size={24} />
          </div>
        )
      ) : read.data.length === 0 ? (
        <p className="muted center" data-testid="sell-log-empty">
          {t('log.empty')}
        </p>
      ) : (
        <ul className="sell-records" data-testid="sell-log">
          {read.data.map((r) => (
            <SellCard key={r.id} r={r} />
          ))}
        </ul>
      )}
    </>
  );
}

/** /pages/sell/log: the user's quick sells with their receipts and fills, dated offline. */
export function SellLogPage() {
  return (
    <Screen backTo="/pages/sell/sell">
      <RequireUser>{() => <SellLog />}</RequireUser>
    </Screen>
  );
}
