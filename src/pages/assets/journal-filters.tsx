import { useTranslation } from '../../i18n/use-translation';
import { isJournalKind, JOURNAL_KINDS, journalGroupOf, type JournalGroup } from '../../../domain/assets';
import { ACCOUNT_TYPES } from '../../../domain/ledger';
import type { AccountType } from '../../../domain/ledger';
import { useKindLabel } from './journal-line';
import { SelectField } from './select-field';

/** The journal filters; an empty value means "all". */
export interface JournalFilter {
  account: AccountType | null;
  coin: string;
  kind: string;
}

/** The filter's groups of kinds, in the order JOURNAL_KINDS lists them. */
const GROUPS: readonly JournalGroup[] = [...new Set(JOURNAL_KINDS.map(journalGroupOf))];

/** Account, coin and type filters of the income and expense details. */
export function JournalFilters({
  value,
  coins,
  onChange,
}: {
  value: JournalFilter;
  /** Catalog coin symbols, in catalog order. */
  coins: readonly string[];
  onChange(next: JournalFilter): void;
}) {
  const { t } = useTranslation('assets');
  const kindLabel = useKindLabel();
  // A group is named by its account where it has one (contract, options, fiat), else by its own name.
  const groupLabel = (g: JournalGroup) =>
    g === 'funding' || g === 'other' ? t(`journal.groups.${g}`) : t(`accounts.${g}`);
  const coinList = value.coin && !coins.includes(value.coin) ? [...coins, value.coin] : coins;
  return (
    <div className="journal-filters" data-testid="journal-filters">
      <SelectField
        label={t('fields.account')}
        value={value.account ?? ''}
        onChange={(a) => onChange({ ...value, account: (a || null) as AccountType | null })}
        testId="filter-account"
      >
        <option value="">{t('journal.allAccounts')}</option>
        {ACCOUNT_TYPES.map((a) => (
          <option key={a} value={a}>
            {t(`accounts.${a}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('fields.coin')}
        value={value.coin}
        onChange={(coin) => onChange({ ...value, coin })}
        testId="filter-coin"
      >
        <option value="">{t('journal.allCoins')}</option>
        {coinList.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('fields.kind')}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
        testId="filter-kind"
      >
        <option value="">{t('journal.allKinds')}</option>
        {GROUPS.map((g) => (
          <optgroup key={g} label={groupLabel(g)}>
            {JOURNAL_KINDS.filter((k) => journalGroupOf(k) === g).map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </optgroup>
        ))}
        {/* A kind from a link that the list does not name still shows as chosen. */}
        {value.kind && !isJournalKind(value.kind) && <option value={value.kind}>{value.kind}</option>}
      </SelectField>
    </div>
  );
}
