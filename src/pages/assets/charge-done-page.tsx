import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { BankDeposit } from '../../../domain/funding';
import { AsOf, NothingSaved } from '../../components/as-of';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { useOnline } from '../../components/use-online';
import { usePrivateData } from '../../core/use-dated-read';
import { usePrivateRead } from '../../core/use-private-read';
import { RequireUser } from '../../components/require-user';
import { PAGE, usePaged, type PageLoader } from '../../core/use-paged';
import { BankDepositDetail } from './funding/bank-deposit-detail';
import { BankDepositList } from './funding/bank-deposit-list';
import { idParam } from './funding/funding-format';
import { useFundingEvents } from './funding/use-funding-events';

const depositId = (d: BankDeposit) => d.id;

/**
 * One order, read again when the user's balances change (the operator confirmed it). A private read:
 * after one visit it renders from the device, dated, also offline.
 */
function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation(['assets', 'common']);
  const { user } = useUser();
  const online = useOnline();
  const read = usePrivateData('assets/bankDepositDetail', { id }, user?.id ?? null);
  const { reload } = read;
  useFundingEvents(true, reload);
  if (read.data === null) {
    if (!read.failed) {
      return (
        <div className="state">
          <Spinner size={28} />
        </div>
      );
    }
    // Offline with nothing saved is not a missing order: say so, with no retry to press in vain.
    if (!online) return <NothingSaved testId="bank-deposit-nothing-saved" />;
    return (
      <div className="state" data-testid="order-missing">
        <p className="state__text">{t('order.missing')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <AsOf time={read.time} testId="bank-deposit-as-of" />
      <BankDepositDetail deposit={read.data} onRefresh={() => void reload()} />
    </>
  );
}

/** The user's bank deposits, newest first; the first page from the device too, dated. */
function OrderList() {
  const read = usePrivateRead();
  const { user } = useUser();
  // Whether the first page failed with nothing to show (usePaged keeps no failure of its own).
  const [failed, setFailed] = useState(false);
  const load = useCallback<PageLoader<BankDeposit>>(
    async (before, onCached) => {
      const out = await read(
        'assets/bankDeposits',
        { limit: PAGE, ...(before !== undefined && { before }) },
        onCached,
      );
      if (before === undefined) setFailed(!out.ok);
      return out.ok ? out : null;
    },
    [read],
  );
  const paged = usePaged(String(user?.id ?? ''), load, depositId);
  useFundingEvents(true, paged.reload);
  if (paged.items === null && failed) {
    return <NothingSaved testId="bank-deposits-nothing-saved" onRetry={() => void paged.reload()} />;
  }
  return (
    <>
      <AsOf time={paged.time} testId="bank-deposits-as-of" />
      <BankDepositList
        deposits={paged.items}
        paging={{ loading: paged.loading, done: paged.done, more: paged.more }}
      />
    </>
  );
}

/** /pages/assets/chargedone?id=12: a bank deposit order; without an id, the list of them. */
export function ChargeDonePage() {
  const { t } = useTranslation('assets');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const right =
    id === null ? undefined : (
      <Link className="icon-btn" to="/pages/assets/chargedone" aria-label={t('bank.orders')}>
        <Icon name="orders" />
      </Link>
    );
  return (
    <Screen
      title={id === null ? t('bank.orders') : undefined}
      backTo={id === null ? '/pages/assets/bankcharge' : '/pages/assets/chargedone'}
      right={right}
    >
      <RequireUser>{() => (id === null ? <OrderList /> : <OrderDetail key={id} id={id} />)}</RequireUser>
    </Screen>
  );
}
