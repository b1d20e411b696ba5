import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useCatalog } from '../../core/use-catalog';
import { RequireUser } from '../../components/require-user';
import { BankDepositForm } from './funding/bank-deposit-form';
import { BankTermsCard } from './funding/bank-terms-card';
import { fundingOf } from './funding/funding-catalog';
import { useBankCard } from './funding/use-bank-card';

/** Decimals assumed for a credited coin missing from the catalog (the ledger's own precision). */
const LEDGER_DECIMALS = 8;

/** The form, or why it cannot be used yet: no card bound (spec §5: the payer's card must be bound). */
function BankDepositBody() {
  const { t } = useTranslation(['assets', 'common']);
  const { catalog } = useCatalog();
  const { card, failed, reload } = useBankCard();
  if (!catalog || (card === undefined && !failed)) {
    return (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  }
  const funding = fundingOf(catalog);
  const terms = funding.bankDeposit;
  if (!terms) {
    return (
      <div className="state" data-testid="bank-off">
        <span className="state__icon">
          <Icon name="bank" size={32} />
        </span>
        <p className="state__text">{t('bank.off')}</p>
        <Link className="btn btn--secondary" to="/pages/assets/charge">
          {t('bank.toCrypto')}
        </Link>
      </div>
    );
  }
  const coin = funding.coins.find((c) => c.symbol === terms.coin);
  return (
    <>
      <BankTermsCard terms={terms} coinName={coin?.name ?? terms.coin} />
      {card === undefined ? (
        <div className="card deposit-address--state">
          <p className="card__text">{t('bank.cardFailed')}</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void reload()}>
            {t('common:actions.retry')}
          </button>
        </div>
      ) : card === null ? (
        <section className="card bank-nocard" data-testid="bank-no-card">
          <h2 className="card__title">{t('bank.noCardTitle')}</h2>
          <p className="card__text">{t('bank.noCardText')}</p>
          <Link className="btn btn--primary btn--block" to="/pages/mine/card" data-testid="bind-card-link">
            <Icon name="card" size={18} />
            {t('bank.bindCard')}
          </Link>
        </section>
      ) : (
        <BankDepositForm terms={terms} coinDecimals={coin?.decimals ?? LEDGER_DECIMALS} card={card} />
      )}
      <Link className="entrust-link" to="/pages/assets/chargedone" data-testid="bank-orders-link">
        <Icon name="orders" size={18} />
        <span>{t('bank.orders')}</span>
        <Icon name="chevron" size={18} />
      </Link>
    </>
  );
}

/** /pages/assets/bankcharge: a bank-card deposit to the operator's receiving account. */
export function BankChargePage() {
  return (
    <Screen backTo="/pages/assets/charge">
      <RequireUser>{() => <BankDepositBody />}</RequireUser>
    </Screen>
  );
}
