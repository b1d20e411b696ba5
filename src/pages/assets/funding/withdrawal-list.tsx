import { useTranslation } from '../../../i18n/use-translation';
import type { Withdrawal } from '../../../../domain/funding';
import { Spinner } from '../../../components/spinner';
import { useOnline } from '../../../components/use-online';
import { usePrefs } from '../../../core/contexts';
import { MoreButton } from '../../trade';
import type { Paging } from '../../trade';
import { useNumbers } from '../../../i18n/use-numbers';
import { formatMs } from '../../trade';
import { copyText } from './address-qr';
import { middleEllipsis } from './funding-format';

/** One withdrawal: amount, fee, what arrives, address, status, and the txid or the refusal reason. */
function WithdrawalCard({ item, onCancel }: { item: Withdrawal; onCancel(w: Withdrawal): void }) {
  const { t } = useTranslation(['assets', 'common']);
  const { lang } = usePrefs();
  const online = useOnline();
  const n = useNumbers();
  const cells: [string, string][] = [
    [t('withdraw.fee'), n.exact(item.fee)],
    [t('withdraw.receive'), n.exact(item.receive)],
  ];
  return (
    <article
      className="order-card funding-card"
      data-testid="withdrawal-card"
      data-withdrawal-id={item.id}
      data-status={item.status}
    >
      <header className="order-card__head">
        <span className="funding-card__amount funding-card__amount--out">
          −{n.exact(item.amount)} {item.coin}
        </span>
        <span className="badge">{item.chain}</span>
        <span className="order-card__time">{formatMs(item.createdAt, lang)}</span>
      </header>
      <dl className="order-card__grid order-card__grid--2">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {value} {item.coin}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="funding-card__lines">
        <div>
          <dt>{t('withdraw.address')}</dt>
          <dd className="mono">{middleEllipsis(item.address, 10, 8)}</dd>
        </div>
        {item.txid && (
          <div>
            <dt>{t('withdrawals.txid')}</dt>
            <dd>
              <button
                type="button"
                className="funding-card__hash mono"
                onClick={() => void copyText(item.txid ?? '')}
                aria-label={t('withdrawals.copyTxid')}
                data-testid="withdrawal-txid"
                data-txid={item.txid}
              >
                {middleEllipsis(item.txid, 10, 8)}
              </button>
            </dd>
          </div>
        )}
        {item.status === 'rejected' && (
          <div>
            <dt>{t('withdrawals.reason')}</dt>
            <dd data-testid="withdrawal-reason">{item.reason || '—'}</dd>
          </div>
        )}
      </dl>
      <footer className="order-card__foot">
        <span className={`funding-status funding-status--${item.status}`} data-testid="withdrawal-status">
          {t(`withdrawals.status.${item.status}`)}
        </span>
        {item.status === 'review' && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => onCancel(item)}
            disabled={!online}
            data-testid="cancel-withdrawal"
            data-offline={!online || undefined}
          >
            {online ? t('withdrawals.cancel') : t('common:offline.needsNetwork')}
          </button>
        )}
      </footer>
    </article>
  );
}

/** The withdrawal history, newest first, paged. */
export function WithdrawalList({
  items,
  paging,
  onCancel,
}: {
  items: Withdrawal[] | null;
  paging: Paging;
  onCancel(w: Withdrawal): void;
}) {
  const { t } = useTranslation('assets');
  return (
    <section className="funding-history" aria-labelledby="withdrawal-history">
      <h2 className="funding-history__title" id="withdrawal-history">
        {t('withdrawals.title')}
      </h2>
      {items === null ? (
        <div className="trade-orders__state">
          <Spinner size={24} />
        </div>
      ) : items.length === 0 ? (
        <p className="trade-orders__state" data-testid="withdrawals-empty">
          {t('withdrawals.empty')}
        </p>
      ) : (
        <div className="order-list" data-testid="withdrawal-list">
          {items.map((w) => (
            <WithdrawalCard key={w.id} item={w} onCancel={onCancel} />
          ))}
          <MoreButton {...paging} />
        </div>
      )}
    </section>
  );
}
