import { useTranslation } from '../../i18n/use-translation';
import { isTransferAllowed, transferTargets } from '../../../domain/assets';
import { ACCOUNT_TYPES } from '../../../domain/ledger';
import type { AccountType } from '../../../domain/ledger';
import { Icon } from '../../components/icons';
import { SelectField } from './select-field';

/**
 * Every account money can leave from: those with at least one allowed target. A function, not a
 * module constant: the bundler may put this module and domain/ledger.ts in two chunks that import
 * each other, and a constant read at load time then met `ACCOUNT_TYPES` not yet defined (every page
 * that loads the transfer form failed so, P2P and option pages included).
 */
const sources = () => ACCOUNT_TYPES.filter((a) => transferTargets(a).length > 0);

/** Props of {@link TransferAccounts}. */
export interface TransferAccountsProps {
  from: AccountType;
  to: AccountType;
  /** A new pair; the caller gets only pairs the matrix allows. */
  onChange(pair: { from: AccountType; to: AccountType }): void;
  /** Problems the server named for either side, already translated. */
  errors?: { from?: string | undefined; to?: string | undefined };
}

/**
 * From and to, limited by the allowed-pairs matrix (domain/assets.ts): the "to" list holds only
 * the targets of "from", and the swap button works only when the reverse pair is allowed too.
 */
export function TransferAccounts({ from, to, onChange, errors }: TransferAccountsProps) {
  const { t } = useTranslation('assets');
  const targets = transferTargets(from);
  const canSwap = isTransferAllowed(to, from);
  const pickFrom = (value: string) => {
    const next = value as AccountType;
    const nextTargets = transferTargets(next);
    // Keep the target when the new source may still send to it, else take the first allowed one.
    onChange({ from: next, to: nextTargets.includes(to) ? to : nextTargets[0]! });
  };
  return (
    <div className="transfer-accounts">
      <SelectField
        label={t('fields.from')}
        value={from}
        onChange={pickFrom}
        error={errors?.from}
        testId="transfer-from"
      >
        {sources().map((a) => (
          <option key={a} value={a}>
            {t(`accounts.${a}`)}
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className="transfer-accounts__swap icon-btn"
        onClick={() => onChange({ from: to, to: from })}
        disabled={!canSwap}
        aria-label={t('transfer.swap')}
        data-testid="transfer-swap"
      >
        <Icon name="swap" size={20} />
      </button>
      <SelectField
        label={t('fields.to')}
        value={to}
        onChange={(value) => onChange({ from, to: value as AccountType })}
        error={errors?.to}
        testId="transfer-to"
      >
        {targets.map((a) => (
          <option key={a} value={a}>
            {t(`accounts.${a}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
