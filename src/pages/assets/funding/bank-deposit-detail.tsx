import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { BankDeposit } from '../../../../domain/funding';
import { Icon } from '../../../components/icons';
import { useOnline } from '../../../components/use-online';
import { usePrefs } from '../../../core/contexts';
import { errorMessage } from '../../../i18n/i18n';
import { useNumbers } from '../../../i18n/use-numbers';
import { NONE, formatMs } from '../../trade';
import { BANK_DECIMALS } from './bank-deposit-list';
import { BankDepositStatusLabel } from './bank-deposit-status';
import { ProofImage } from './proof-image';

/** What happens next, by state: contact support (spec §8 text), credited, or why it was refused. */
function NextStep({ deposit, onRefresh }: { deposit: BankDeposit; onRefresh(): void }) {
  const { t } = useTranslation(['assets', 'common']);
  const online = useOnline();
  const n = useNumbers();
  if (deposit.status === 'review') {
    // Refreshing asks the server: offline the button is disabled and says so.
    return (
      <div className="order-next order-next--review" data-testid="order-next">
        <p>{errorMessage('initiationSuccess')}</p>
        <Link className="btn btn--primary btn--block" to="/pages/mine/kefu" data-testid="contact-support">
          <Icon name="support" size={18} />
          {t('order.contact')}
        </Link>
        <button
          type="button"
          className="btn btn--text btn--small"
          onClick={onRefresh}
          disabled={!online}
          data-testid="order-refresh"
        >
          <Icon name="refresh" size={16} />
          {online ? t('order.refresh') : t('common:offline.needsNetwork')}
        </button>
      </div>
    );
  }
  if (deposit.status === 'confirmed') {
    return (
      <div className="order-next order-next--confirmed" data-testid="order-next">
        <p>{t('order.confirmedText', { credit: n.exact(deposit.credit), coin: deposit.coin })}</p>
        <Link className="btn btn--secondary btn--block" to="/pages/assets/assets">
          {t('order.toAssets')}
        </Link>
      </div>
    );
  }
  return (
    <div className="order-next order-next--rejected" data-testid="order-next">
      <p>{t('order.rejectedText')}</p>
      <p className="order-next__reason" data-testid="order-reason">
        {deposit.reason || NONE}
      </p>
    </div>
  );
}

/**
 * A bank deposit order: state, next step, every detail and the proof image. `onRefresh` reads it
 * again: a confirmation arrives by a balance event, a refusal moves no money and sends none.
 */
export function BankDepositDetail({ deposit, onRefresh }: { deposit: BankDeposit; onRefresh(): void }) {
  const { t } = useTranslation('assets');
  const { lang } = usePrefs();
  const n = useNumbers();
  const rows: [string, string, string?][] = [
    [t('bank.amountLabel'), `${n.fixed(deposit.amount, BANK_DECIMALS)} ${deposit.currency}`, 'order-amount'],
    [t('order.credit'), `${n.exact(deposit.credit)} ${deposit.coin}`, 'order-credit'],
    [t('bank.payer'), deposit.payerName],
    [t('bank.reference'), deposit.reference],
    [t('order.card'), `${deposit.cardBank} ${deposit.cardMasked}`],
    [t('order.created'), formatMs(deposit.createdAt, lang)],
    [t('order.decided'), deposit.decidedAt === null ? NONE : formatMs(deposit.decidedAt, lang)],
  ];
  return (
    <>
      <section className="card order-head" data-testid="bank-order" data-status={deposit.status}>
        <header className="card__head">
          <h2 className="card__title">{t('order.title', { id: deposit.id })}</h2>
          <BankDepositStatusLabel status={deposit.status} />
        </header>
        <p className="order-head__amount mono">
          {n.fixed(deposit.amount, BANK_DECIMALS)} <span>{deposit.currency}</span>
        </p>
        <NextStep deposit={deposit} onRefresh={onRefresh} />
      </section>
      <section className="card">
        <dl className="order-rows">
          {rows.map(([label, value, testId]) => (
            <div key={label} className="order-rows__row">
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2 className="card__title">{t('bank.proof')}</h2>
        <ProofImage id={deposit.proofId} />
      </section>
    </>
  );
}
