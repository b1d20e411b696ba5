import { useTranslation } from '../../../i18n/use-translation';
import type { BankDepositTerms } from '../../../../domain/chains';
import { Icon } from '../../../components/icons';
import { useNumbers } from '../../../i18n/use-numbers';
import { copyText } from './address-qr';

/** One receiving detail with its copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="bank-terms__row">
      <dt>{label}</dt>
      {/* The button sits inside the dd: a <dl> row may only hold dt and dd elements. */}
      <dd className="bank-terms__value" data-testid={testId}>
        {value}
        <button
          type="button"
          className="icon-btn icon-btn--small"
          onClick={() => void copyText(value)}
          aria-label={`${t('actions.copy')} · ${label}`}
        >
          <Icon name="copy" size={16} />
        </button>
      </dd>
    </div>
  );
}

/** The operator's receiving account (each detail copyable) and how a transfer is credited. */
export function BankTermsCard({ terms, coinName }: { terms: BankDepositTerms; coinName: string }) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  const r = terms.receiving;
  return (
    <section className="card bank-terms" data-testid="bank-terms">
      <header className="card__head">
        <h2 className="card__title">{t('bank.receiving')}</h2>
        <span className="badge">{terms.currency}</span>
      </header>
      <p className="card__text">{t('bank.receivingHint')}</p>
      <dl className="bank-terms__list">
        <CopyRow label={t('bank.bank')} value={r.bank} testId="receiving-bank" />
        <CopyRow label={t('bank.branch')} value={r.branch} testId="receiving-branch" />
        <CopyRow label={t('bank.cardNumber')} value={r.cardNumber} testId="receiving-card" />
        <CopyRow label={t('bank.holder')} value={r.holder} testId="receiving-holder" />
      </dl>
      <dl className="pairs bank-terms__facts">
        <dt>{t('bank.rate')}</dt>
        <dd className="mono" data-testid="bank-rate">
          1 {terms.currency} = {n.exact(terms.rate)} {terms.coin}
        </dd>
        <dt>{t('bank.credited')}</dt>
        <dd>
          {terms.coin} · {coinName}
        </dd>
        <dt>{t('bank.limits')}</dt>
        <dd className="mono">
          {n.exact(terms.minAmount)} – {n.exact(terms.maxAmount)} {terms.currency}
        </dd>
      </dl>
    </section>
  );
}
