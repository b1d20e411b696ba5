import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Withdrawal } from '../../../domain/funding';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { usePrivateRead } from '../../core/use-private-read';
import { AsOf } from '../../components/as-of';
import { RequireUser } from '../../components/require-user';
import { PAGE, usePaged } from '../../core/use-paged';
import type { PageLoader } from '../../core/use-paged';
import { CoinChainPicker } from './funding/coin-chain-picker';
import { NothingOpen } from './funding/nothing-open';
import { useCancelWithdrawal } from './funding/use-cancel-withdrawal';
import { useFundingEvents } from './funding/use-funding-events';
import { useFundingSelection } from './funding/use-funding';
import { useWithdrawInfo } from './funding/use-withdraw-info';
import type { WithdrawInfoState } from './funding/use-withdraw-info';
import { WithdrawAddress } from './funding/withdraw-address';
import { WithdrawForm } from './funding/withdraw-form';
import { WithdrawalList } from './funding/withdrawal-list';
import type { CoinChainChoice, FundingCatalog } from './funding/funding-catalog';

const withdrawalId = (w: Withdrawal) => w.id;

/** The bound address (or the binding form) and the withdrawal form of the picked coin and chain. */
function WithdrawSection({
  funding,
  choice,
  info,
  account,
  onWithdrawn,
}: {
  funding: FundingCatalog;
  choice: CoinChainChoice;
  info: WithdrawInfoState;
  account: string;
  onWithdrawn(w: Withdrawal): void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const { quota } = info;
  if (!quota) {
    return info.failed ? (
      <section className="card deposit-address--state" data-testid="quota-failed">
        <p className="card__text">{t('withdraw.failed')}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void info.reload()}>
          {t('common:actions.retry')}
        </button>
      </section>
    ) : (
      <section className="card deposit-address--state">
        <Spinner size={28} />
      </section>
    );
  }
  const address = quota.boundAddress;
  return (
    <>
      {/* The fee and limits below may be the device's copy: dated, and the form cannot submit offline. */}
      <AsOf time={info.time} testId="withdraw-info-as-of" />
      <WithdrawAddress choice={choice} bound={address} account={account} onBound={() => void info.reload()} />
      {address && (
        <section className="card">
          <WithdrawForm
            funding={funding}
            choice={choice}
            quota={{ ...quota, boundAddress: address }}
            onDone={onWithdrawn}
          />
        </section>
      )}
    </>
  );
}

/** /pages/assets/mention?coin=USDT&chain=TRC20: withdrawal to the bound address (spec §2, §5). */
export function MentionPage() {
  const { user } = useUser();
  const { funding, choice, pick, reloadCatalog } = useFundingSelection('withdraw');
  const signedIn = user !== null;
  const info = useWithdrawInfo(signedIn ? (choice?.coin.symbol ?? '') : '', choice?.chain.id ?? '');
  const read = usePrivateRead();
  const load = useCallback<PageLoader<Withdrawal>>(
    async (before, onCached) => {
      if (!signedIn) return null;
      const req = { limit: PAGE, ...(before !== undefined && { before }) };
      const out = await read('assets/withdrawals', req, onCached);
      return out.ok ? out : null;
    },
    [read, signedIn],
  );
  const history = usePaged(String(user?.id ?? ''), load, withdrawalId);
  const { reload: reloadHistory, update } = history;
  const reloadInfo = info.reload;
  const onChange = useCallback(() => {
    void reloadInfo();
    void reloadHistory();
  }, [reloadInfo, reloadHistory]);
  // An approval, refusal or any balance change elsewhere shows here without a pull.
  useFundingEvents(signedIn, onChange);
  const cancel = useCancelWithdrawal((w) => {
    update((x) => x.id === w.id, w);
    void reloadInfo();
  });
  const refresh = useCallback(
    () => Promise.all([reloadCatalog(), reloadInfo(), reloadHistory()]),
    [reloadCatalog, reloadInfo, reloadHistory],
  );

  return (
    <Screen onRefresh={refresh} backTo="/pages/assets/assets">
      <RequireUser>
        {(u) =>
          !funding ? (
            <div className="state">
              <Spinner size={28} />
            </div>
          ) : !choice ? (
            <NothingOpen dir="withdraw" />
          ) : (
            <>
              <CoinChainPicker funding={funding} dir="withdraw" choice={choice} onPick={pick} />
              <WithdrawSection
                key={`${choice.coin.symbol}:${choice.chain.id}`}
                funding={funding}
                choice={choice}
                info={info}
                account={u.account}
                onWithdrawn={onChange}
              />
              <AsOf time={history.time} testId="withdrawals-as-of" />
              <WithdrawalList
                items={history.items}
                paging={{ loading: history.loading, done: history.done, more: history.more }}
                onCancel={cancel.ask}
              />
              {cancel.dialog}
            </>
          )
        }
      </RequireUser>
    </Screen>
  );
}
