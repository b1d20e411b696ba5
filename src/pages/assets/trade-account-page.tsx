import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { JournalLine } from '../../../domain/assets';
import type { AccountType } from '../../../domain/ledger';
import type { CoinInfo } from '../../../domain/market';
import type { Dated } from '../../../worker/core-api';
import { AsOf } from '../../components/as-of';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { useCatalog } from '../../core/use-catalog';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { RequireUser } from '../../components/require-user';
import { AccountSwitch } from './account-switch';
import { accountParam } from './assets-format';
import { HideZeroSwitch, HoldingList } from './holding-list';
import { JournalList } from './journal-line';
import { InlineRetry, LoadState } from '../../components/load-state';
import { useHistory } from '../../core/use-paged';
import type { History } from '../../core/use-paged';
import { useOverview } from './use-overview';

/** Journal lines shown on the account page; the records page has the rest. */
const LATEST = 10;

const lineId = (l: JournalLine) => l.id;
const NO_COINS: readonly CoinInfo[] = [];

/** The latest journal lines of one account of the signed-in user (one page, no paging). */
function useLatestJournal(account: AccountType): History<JournalLine> {
  const read = usePrivateRead();
  const { user } = useUser();
  const fetchPage = useCallback(
    (_before: number | undefined, onCached?: (c: Dated<JournalLine[]>) => void) =>
      user ? read('assets/journal', { account, limit: LATEST }, onCached) : Promise.resolve(null),
    [read, user, account],
  );
  return useHistory(`${user?.id ?? ''}|${account}`, fetchPage, lineId);
}

/** /pages/assets/tradeAccount?account=lever: one account's coins and its latest records (pull-to-refresh). */
export function TradeAccountPage() {
  const { t } = useTranslation(['assets', 'common']);
  const [params, setParams] = useSearchParams();
  const account = accountParam(params.get('account'));
  const journal = useLatestJournal(account);
  const { reload: reloadJournal } = journal;
  // useOverview reads the journal again with the overview after a reconnect (its `onBalance`).
  const { overview, time, failed, reload } = useOverview(reloadJournal);
  // The detail page is about what the account holds: zero lines start hidden.
  const [hideZero, setHideZero] = useState(true);
  const { catalog } = useCatalog();
  const catalogCoins = catalog?.coins ?? NO_COINS;
  const n = useNumbers();
  const refresh = useCallback(() => Promise.all([reload(), reloadJournal()]), [reload, reloadJournal]);
  const data = overview?.accounts.find((a) => a.account === account) ?? null;

  return (
    <Screen backTo="/pages/assets/assets" onRefresh={refresh}>
      <RequireUser>
        {() => (
          <>
            <AccountSwitch value={account} onChange={(a) => setParams({ account: a }, { replace: true })} />
            {!overview || !data ? (
              <LoadState failed={failed} onRetry={() => void refresh()} testId="assets" />
            ) : (
              <>
                <AsOf time={time} testId="account-as-of" />
                <section className="assets-total" data-testid="account-summary" data-account={account}>
                  <p className="assets-total__label">
                    {t('overview.accountValue', { name: t(`accounts.${account}`) })}
                  </p>
                  <p className="assets-total__value">
                    <span data-testid="account-estimate">
                      {n.coin(data.estimate, coinOf(catalogCoins, overview.quote))}
                    </span>
                    <span className="assets-total__quote">{overview.quote}</span>
                  </p>
                  {data.unpriced.length > 0 && (
                    <p className="assets-total__note">
                      {t('overview.unpriced', { coins: data.unpriced.join(', ') })}
                    </p>
                  )}
                  <div className="button-row">
                    <Link
                      className="btn btn--primary btn--small"
                      to={`/pages/assets/transfer?from=${account}`}
                      data-testid="account-transfer"
                    >
                      <Icon name="swap" size={18} />
                      {t('actions.transfer')}
                    </Link>
                    <Link
                      className="btn btn--secondary btn--small"
                      to={`/pages/assets/assetsIncome?account=${account}`}
                    >
                      <Icon name="orders" size={18} />
                      {t('actions.records')}
                    </Link>
                  </div>
                </section>
                <HideZeroSwitch on={hideZero} onChange={setHideZero} />
                <HoldingList
                  coins={data.coins}
                  quote={overview.quote}
                  catalogCoins={catalogCoins}
                  hideZero={hideZero}
                />
              </>
            )}
            <section className="assets-section">
              <header className="assets-section__head">
                <h2 className="assets-section__title">{t('account.latest')}</h2>
                <Link className="assets-section__link" to={`/pages/assets/assetsIncome?account=${account}`}>
                  {t('account.allRecords')}
                  <Icon name="chevron" size={16} />
                </Link>
              </header>
              <AsOf time={journal.time} testId="journal-as-of" />
              {journal.failed ? (
                <InlineRetry onRetry={() => void reloadJournal()} />
              ) : (
                <JournalList
                  lines={journal.items}
                  catalogCoins={catalogCoins}
                  empty={t('account.noJournal')}
                />
              )}
            </section>
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
