import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { TransferRecord } from '../../../domain/assets';
import { transferTargets } from '../../../domain/assets';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { AsOf } from '../../components/as-of';
import type { Dated } from '../../../worker/core-api';
import { useCatalog } from '../../core/use-catalog';
import { RequireUser } from '../../components/require-user';
import { useBalances } from '../trade';
import { PAGE } from '../../core/use-paged';
import { accountParam } from './assets-format';
import { LoadState } from '../../components/load-state';
import { TransferForm } from './transfer-form';
import { TransferHistory } from './transfer-history';
import { initialCoin } from './transfer-rules';
import { useHistory } from '../../core/use-paged';

const transferId = (r: TransferRecord) => r.id;

/** /pages/assets/transfer?from=lever&coin=USDT: moves money between the five accounts (pull-to-refresh). */
export function TransferPage() {
  const { t } = useTranslation('assets');
  const [params] = useSearchParams();
  const { user } = useUser();
  const read = usePrivateRead();
  const { catalog, failed: catalogFailed, reload: reloadCatalog } = useCatalog();
  const { balances, time: balancesTime, reload: reloadBalances } = useBalances();
  const from = accountParam(params.get('from'));
  const source = transferTargets(from).length > 0 ? from : 'spot';

  const fetchPage = useCallback(
    (before: number | undefined, onCached?: (c: Dated<TransferRecord[]>) => void) =>
      user
        ? read('assets/transfers', { limit: PAGE, ...(before !== undefined && { before }) }, onCached)
        : Promise.resolve(null),
    [read, user],
  );
  const history = useHistory(String(user?.id ?? ''), fetchPage, transferId);
  const { reload: reloadHistory } = history;
  const refresh = useCallback(
    () => Promise.all([reloadCatalog(), reloadBalances(), reloadHistory()]),
    [reloadCatalog, reloadBalances, reloadHistory],
  );
  const onDone = useCallback(() => {
    void reloadHistory();
    void reloadBalances();
  }, [reloadHistory, reloadBalances]);

  const right = (
    <Link
      className="icon-btn"
      to="/pages/assets/assetsIncome?kind=transfer"
      aria-label={t('actions.records')}
    >
      <Icon name="orders" />
    </Link>
  );

  return (
    <Screen backTo="/pages/assets/assets" onRefresh={refresh} right={right}>
      <RequireUser>
        {() =>
          !catalog ? (
            <LoadState failed={catalogFailed} onRetry={() => void reloadCatalog()} testId="assets" />
          ) : (
            <>
              <AsOf time={balancesTime} testId="available-as-of" />
              <TransferForm
                coins={catalog.coins}
                balances={balances}
                initial={{ from: source, coin: initialCoin(params.get('coin'), catalog.coins) }}
                onDone={onDone}
              />
              <p className="note">
                <Icon name="info" size={16} />
                {t('transfer.matrixHint')}
              </p>
              <AsOf time={history.time} testId="transfers-as-of" />
              <TransferHistory history={history} />
            </>
          )
        }
      </RequireUser>
    </Screen>
  );
}
