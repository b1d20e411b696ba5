import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { CryptoDeposit } from '../../../domain/funding';
import { ListGroup, ListRow } from '../../components/list';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { AsOf, NothingSaved } from '../../components/as-of';
import type { DataTime } from '../../core/use-private-read';
import { RequireUser } from '../../components/require-user';
import { Amount } from '../../components/amount';
import { spotAvailable, useBalances } from '../trade';
import { PAGE, usePaged } from '../../core/use-paged';
import type { PageLoader, Paged } from '../../core/use-paged';
import { CoinChainPicker } from './funding/coin-chain-picker';
import { DepositAddressCard, useDepositAddress } from './funding/deposit-address-card';
import { DepositList } from './funding/deposit-list';
import type { CoinChainChoice, FundingCatalog } from './funding/funding-catalog';
import { useFundingEvents } from './funding/use-funding-events';
import { useFundingSelection } from './funding/use-funding';
import { NothingOpen } from './funding/nothing-open';

const depositId = (d: CryptoDeposit) => d.id;

/** Props of the signed-in body of the deposit page. */
interface BodyProps {
  funding: FundingCatalog;
  choice: CoinChainChoice;
  pick(coin: string, chain?: string): void;
  deposits: Paged<CryptoDeposit>;
  /** Spot available of the picked coin, or null while unknown. */
  available: string | null;
  /** When the balances were current. */
  availableTime: DataTime;
}

function ChargeBody({ funding, choice, pick, deposits, available, availableTime }: BodyProps) {
  const { t } = useTranslation('assets');
  const addr = useDepositAddress(choice.coin.symbol, choice.chain.id);
  return (
    <>
      <CoinChainPicker funding={funding} dir="deposit" choice={choice} onPick={pick} />
      <DepositAddressCard
        choice={choice}
        address={addr.address}
        loading={addr.loading}
        failed={addr.failed}
        time={addr.time}
        onRetry={() => void addr.reload()}
      />
      <AsOf time={availableTime} testId="available-as-of" />
      <ListGroup>
        <ListRow
          icon="wallet"
          label={t('deposits.spotAvailable', { coin: choice.coin.symbol })}
          value={
            <span className="mono" data-testid="spot-available">
              {available === null ? '—' : <Amount value={available} coin={choice.coin} />}
            </span>
          }
        />
        {funding.bankDeposit && (
          <ListRow
            icon="bank"
            label={t('bank.entry')}
            value={t('bank.entryHint', { currency: funding.bankDeposit.currency })}
            to="/pages/assets/bankcharge"
            testId="bank-deposit-entry"
          />
        )}
      </ListGroup>
      <AsOf time={deposits.time} testId="deposits-as-of" />
      <DepositList
        deposits={deposits.items}
        paging={{ loading: deposits.loading, done: deposits.done, more: deposits.more }}
      />
    </>
  );
}

/** /pages/assets/charge?coin=USDT&chain=TRC20: crypto deposit (spec §2, pull-to-refresh). */
export function ChargePage() {
  const { user } = useUser();
  const read = usePrivateRead();
  const { funding, choice, pick, reloadCatalog, catalogFailed } = useFundingSelection('deposit');
  const load = useCallback<PageLoader<CryptoDeposit>>(
    async (before, onCached) => {
      if (!user) return null;
      const req = { limit: PAGE, ...(before !== undefined && { before }) };
      const out = await read('assets/deposits', req, onCached);
      return out.ok ? out : null;
    },
    [read, user],
  );
  const deposits = usePaged(String(user?.id ?? ''), load, depositId);
  const { reload } = deposits;
  // A block credits or confirms deposits: the list is read again (its first page).
  useFundingEvents(user !== null, reload);
  const { balances, time: balancesTime, reload: reloadBalances } = useBalances();
  const refresh = useCallback(
    () => Promise.all([reloadCatalog(), reload(), reloadBalances()]),
    [reloadCatalog, reload, reloadBalances],
  );

  return (
    <Screen onRefresh={refresh} backTo="/pages/assets/assets">
      <RequireUser>
        {() =>
          !funding && catalogFailed ? (
            <NothingSaved onRetry={() => void reloadCatalog()} />
          ) : !funding ? (
            <div className="state">
              <Spinner size={28} />
            </div>
          ) : !choice ? (
            <NothingOpen dir="deposit" />
          ) : (
            <ChargeBody
              funding={funding}
              choice={choice}
              pick={pick}
              deposits={deposits}
              available={spotAvailable(balances, choice.coin.symbol)}
              availableTime={balancesTime}
            />
          )
        }
      </RequireUser>
    </Screen>
  );
}
