import { useTranslation } from '../../../i18n/use-translation';
import { CREDIT_CONFIRMATIONS, WITHDRAWABLE_CONFIRMATIONS } from '../../../../domain/chains';
import type { CryptoDeposit } from '../../../../domain/funding';
import { Spinner } from '../../../components/spinner';
import { usePrefs } from '../../../core/contexts';
import { MoreButton } from '../../trade';
import type { Paging } from '../../trade';
import { useNumbers } from '../../../i18n/use-numbers';
import { formatMs } from '../../trade';
import { copyText } from './address-qr';
import { confirmationProgress, middleEllipsis } from './funding-format';

/** Confirmations as a bar toward the withdrawable count, with the credit mark on it. */
function ConfirmationBar({ deposit }: { deposit: CryptoDeposit }) {
  const { t } = useTranslation('assets');
  const p = confirmationProgress(deposit.confirmations, CREDIT_CONFIRMATIONS, WITHDRAWABLE_CONFIRMATIONS);
  return (
    <div className="confirm-bar">
      <div className="confirm-bar__label">
        <span>{t('deposits.confirmations')}</span>
        <span className="mono" data-testid="deposit-confirmations">
          {p.shown}/{p.target}
        </span>
      </div>
      <div
        className={`confirm-bar__track confirm-bar__track--${p.stage}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={p.target}
        aria-valuenow={p.shown}
        aria-label={t('deposits.confirmations')}
      >
        <span className="confirm-bar__fill" style={{ width: `${p.percent}%` }} />
        <span className="confirm-bar__mark" style={{ left: `${p.creditAt}%` }} />
      </div>
    </div>
  );
}

/** One crypto deposit: amount, network, confirmations, status, transaction and time. */
function DepositCard({ deposit }: { deposit: CryptoDeposit }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const n = useNumbers();
  return (
    <article
      className="order-card funding-card"
      data-testid="deposit-card"
      data-deposit-id={deposit.id}
      data-status={deposit.status}
    >
      <header className="order-card__head">
        <span className="funding-card__amount">
          {n.exact(deposit.amount, { signed: true })} {deposit.coin}
        </span>
        <span className="badge">{deposit.chain}</span>
        <span className="order-card__time">{formatMs(deposit.createdAt, lang)}</span>
      </header>
      <ConfirmationBar deposit={deposit} />
      <footer className="order-card__foot">
        <button
          type="button"
          className="funding-card__hash mono"
          onClick={() => void copyText(deposit.txid)}
          aria-label={t('deposits.copyTxid')}
        >
          {middleEllipsis(deposit.txid)}
        </button>
        <span className={`funding-status funding-status--${deposit.status}`} data-testid="deposit-status">
          {t(`deposits.status.${deposit.status}`)}
        </span>
      </footer>
    </article>
  );
}

/** The deposit history, newest first, paged. */
export function DepositList({ deposits, paging }: { deposits: CryptoDeposit[] | null; paging: Paging }) {
  const { t } = useTranslation('assets');
  return (
    <section className="funding-history" aria-labelledby="deposit-history">
      <h2 className="funding-history__title" id="deposit-history">
        {t('deposits.title')}
      </h2>
      {deposits === null ? (
        <div className="trade-orders__state">
          <Spinner size={24} />
        </div>
      ) : deposits.length === 0 ? (
        <p className="trade-orders__state" data-testid="deposits-empty">
          {t('deposits.empty')}
        </p>
      ) : (
        <div className="order-list" data-testid="deposit-list">
          {deposits.map((d) => (
            <DepositCard key={d.id} deposit={d} />
          ))}
          <MoreButton {...paging} />
        </div>
      )}
    </section>
  );
}
