import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { AccountOverview } from '../../../domain/assets-estimate';
import { AsOf } from '../../components/as-of';
import type { CoinInfo } from '../../../domain/market';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useCatalog } from '../../core/use-catalog';
import { coinOf } from '../../i18n/numbers';
import { useNumbers } from '../../i18n/use-numbers';
import { LeverAccountCard } from '../lever';
import { RequireUser } from '../../components/require-user';
import { AccountSwitch } from './account-switch';
import { accountParam } from './assets-format';
import { TotalCard } from './assets-summary';
import { HideZeroSwitch, HoldingList } from './holding-list';
import { LoadState } from '../../components/load-state';
import { useOverview } from './use-overview';

/** One account on the assets page: its estimate, a link to its detail page and its coins. */
function AccountPanel({
  data,
  quote,
  catalogCoins,
  hideZero,
  onHideZero,
}: {
  data: AccountOverview;
  quote: string;
  catalogCoins: readonly CoinInfo[];
  hideZero: boolean;
  onHideZero(on: boolean): void;
}) {
  const { t } = useTranslation('assets');
  const n = useNumbers();
  return (
    <section className="account-panel" data-testid="account-panel" data-account={data.account}>
      <header className="account-panel__head">
        <div className="account-panel__who">
          <p className="account-panel__name">
            {t('overview.accountValue', { name: t(`accounts.${data.account}`) })}
          </p>
          <p className="account-panel__value" data-testid="account-estimate">
            ≈ {n.coin(data.estimate, coinOf(catalogCoins, quote))} {quote}
          </p>
        </div>
        <Link
          className="account-panel__link"
          to={`/pages/assets/tradeAccount?account=${data.account}`}
          data-testid="account-details"
        >
          {t('overview.details')}
          <Icon name="chevron" size={16} />
        </Link>
      </header>
      {data.unpriced.length > 0 && (
        <p className="note">{t('overview.unpriced', { coins: data.unpriced.join(', ') })}</p>
      )}
      {data.account === 'lever' && <LeverAccountCard />}
      <HideZeroSwitch on={hideZero} onChange={onHideZero} />
      <HoldingList coins={data.coins} quote={quote} catalogCoins={catalogCoins} hideZero={hideZero} />
    </section>
  );
}

const NO_COINS: readonly CoinInfo[] = [];

/** /pages/assets/assets?account=spot: the five accounts, the total estimate and the money actions. */
export function AssetsPage() {
  const [params, setParams] = useSearchParams();
  const account = accountParam(params.get('account'));
  const { overview, time, failed, reload } = useOverview();
  const { catalog } = useCatalog();
  const catalogCoins = catalog?.coins ?? NO_COINS;
  // Kept across the account tabs: someone hiding dust wants it hidden everywhere.
  const [hideZero, setHideZero] = useState(false);
  const current = overview?.accounts.find((a) => a.account === account) ?? null;
  return (
    <Screen backTo="/pages/mine/index">
      <RequireUser>
        {() =>
          !overview ? (
            <LoadState failed={failed} onRetry={() => void reload()} testId="assets" />
          ) : (
            <>
              <AsOf time={time} testId="assets-as-of" />
              <TotalCard overview={overview} catalogCoins={catalogCoins} />
              <AccountSwitch value={account} onChange={(a) => setParams({ account: a }, { replace: true })} />
              {current && (
                <AccountPanel
                  data={current}
                  quote={overview.quote}
                  catalogCoins={catalogCoins}
                  hideZero={hideZero}
                  onHideZero={setHideZero}
                />
              )}
            </>
          )
        }
      </RequireUser>
    </Screen>
  );
}
