import { useTranslation } from '../../i18n/use-translation';
import { ACCOUNT_TYPES } from '../../../domain/ledger';
import type { AccountType } from '../../../domain/ledger';

/** The five balance accounts as a row of tabs that scrolls sideways when the labels are long. */
export function AccountSwitch({
  value,
  onChange,
}: {
  value: AccountType;
  onChange(account: AccountType): void;
}) {
  const { t } = useTranslation('assets');
  return (
    <div className="account-switch" role="tablist" aria-label={t('fields.account')}>
      {ACCOUNT_TYPES.map((a) => (
        <button
          key={a}
          type="button"
          role="tab"
          aria-selected={a === value}
          className={`account-switch__item${a === value ? ' account-switch__item--active' : ''}`}
          onClick={() => onChange(a)}
          data-testid={`account-tab-${a}`}
        >
          {t(`accounts.${a}`)}
        </button>
      ))}
    </div>
  );
}
