import { useTranslation } from '../../i18n/use-translation';
import type { TransferRecord } from '../../../domain/assets';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { usePrefs } from '../../core/contexts';
import { useNumbers } from '../../i18n/use-numbers';
import { MoreButton } from '../trade';
import { formatMs } from '../trade';
import { LoadState } from '../../components/load-state';
import type { History } from '../../core/use-paged';

/** One transfer: accounts, amount, remark and time. */
function TransferCard({ record }: { record: TransferRecord }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const n = useNumbers();
  return (
    <article className="transfer-card" data-testid="transfer-record" data-transfer-id={record.id}>
      <header className="transfer-card__head">
        <span className="transfer-card__route">
          {t(`accounts.${record.from}`)}
          <Icon name="chevron" size={14} />
          {t(`accounts.${record.to}`)}
        </span>
        <span className="transfer-card__time">{formatMs(record.createdAt, lang)}</span>
      </header>
      <p className="transfer-card__amount">
        <span className="mono" data-testid="transfer-record-amount">
          {n.exact(record.amount)}
        </span>{' '}
        {record.coin}
      </p>
      {record.remark && <p className="transfer-card__remark">{record.remark}</p>}
    </article>
  );
}

/** The transfer history, newest first, paged. */
export function TransferHistory({ history }: { history: History<TransferRecord> }) {
  const { t } = useTranslation('assets');
  return (
    <section className="assets-section" data-testid="transfer-history">
      <header className="assets-section__head">
        <h2 className="assets-section__title">{t('transfer.history')}</h2>
      </header>
      {history.failed ? (
        <LoadState failed onRetry={() => void history.reload()} testId="assets" />
      ) : history.items === null ? (
        <div className="assets-state">
          <Spinner size={24} />
        </div>
      ) : history.items.length === 0 ? (
        <p className="assets-state" data-testid="transfers-empty">
          {t('transfer.noHistory')}
        </p>
      ) : (
        <div className="journal-list">
          {history.items.map((r) => (
            <TransferCard key={r.id} record={r} />
          ))}
          <MoreButton loading={history.loading} done={history.done} more={history.more} />
        </div>
      )}
    </section>
  );
}
