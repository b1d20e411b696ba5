import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router-dom';
import type { BankDeposit } from '../../../domain/funding';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { RequireUser } from '../mine/require-user';
import { PAGE, usePaged } from '../trade/use-paged';
import { BankDepositDetail } from './funding/bank-deposit-detail';
import { BankDepositList } from './funding/bank-deposit-list';
import { idParam } from './funding/funding-format';
import { useFundingEvents } from './funding/use-funding-events';

const depositId = (d: BankDeposit) => d.id;

/** One order, read again when the user's balances change (the operator confirmed it). */
function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation(['assets', 'common']);
  const call = useCall();
  const [held, setHeld] = useState<{ id: number; deposit: BankDeposit | null } | null>(null);
  const fetchDetail = useCallback(async () => {
    const out = await call('assets/bankDepositDetail', { id });
    return { id, deposit: out.ok ? out.data : null };
  }, [call, id]);
  useEffect(() => {
    let live = true;
    void fetchDetail().then((h) => live && setHeld(h));
    return () => {
      live = false;
    };
  }, [fetchDetail]);
  const load = useCallback(() => fetchDetail().then(setHeld), [fetchDetail]);
  useFundingEvents(true, load);
  const mine = held?.id === id ? held : null;
  if (!mine) {
    return (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  }
  if (!mine.deposit) {
    return (
      <div className="state" data-testid="order-missing">
        <p className="state__text">{t('order.missing')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void load()}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  return <BankDepositDetail deposit={mine.deposit} onRefresh={() => void load()} />;
}

/** The user's bank deposits, newest first. */
function OrderList() {
  const call = useCall();
  const { user } = useUser();
  const load = useCallback(
    async (before: number | undefined) => {
      const out = await call('assets/bankDeposits', { limit: PAGE, ...(before !== undefined && { before }) });
      return out.ok ? out.data : null;
    },
    [call],
  );
  const paged = usePaged(String(user?.id ?? ''), load, depositId);
  useFundingEvents(true, paged.reload);
  return (
    <BankDepositList
      deposits={paged.items}
      paging={{ loading: paged.loading, done: paged.done, more: paged.more }}
    />
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
