import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/field';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useFormCall } from '../../forms/server-errors';
import { useShow } from '../../queue/use-show';

interface TopUp {
  coin: string;
  amount: string;
}
const TOP_UP_FIELDS = ['coin', 'amount'] as const;
/** What the server takes (server/lockming/ops-routes.ts): up to 15 digits, 8 decimals. */
const AMOUNT = /^\d{1,15}(\.\d{1,8})?$/;

/** Asks before money moves: the house's spot balance into the reserve, which cannot be undone here. */
function ConfirmTopUp({
  text,
  onConfirm,
  onClose,
}: {
  text: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const show = useShow();
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" onClose={onClose} data-testid="confirm-dialog">
      <h2 className="dialog__title">{show.t('reviews.earn.topUpTitle')}</h2>
      <p className="dialog__warning">{text}</p>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          {show.t('action.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          data-testid="confirm-submit"
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {show.t('action.confirm')}
        </button>
      </div>
    </dialog>
  );
}

/** The house's earn reserves (its `finance` balances) and topping one up from its spot balance. */
export function Reserves() {
  const show = useShow();
  const { t } = show;
  const call = useCall();
  const mayReview = useDuty('review');
  const load = useCallback(async () => call('lockming/reserves', {}), [call]);
  const { data, reload } = useLoad(load);
  const form = useForm<TopUp>({ defaultValues: { coin: 'USDT', amount: '' } });
  const submit = useFormCall(form, TOP_UP_FIELDS);
  const [asking, setAsking] = useState<TopUp | null>(null);
  const ask = form.handleSubmit((v) =>
    setAsking({ coin: v.coin.trim().toUpperCase(), amount: v.amount.trim() }),
  );
  const topUp = async (v: TopUp) => {
    setAsking(null);
    const done = await submit('lockming/reserve', v);
    if (!done) return;
    toast.success(t('reviews.earn.toppedUp', { amount: `${show.decimal(done.amount)} ${done.coin}` }));
    form.reset({ coin: v.coin, amount: '' });
    reload();
  };
  return (
    <section className="card" data-testid="reserves">
      <h2 className="card__title">{t('reviews.earn.reserves')}</h2>
      {data === undefined ? (
        <p className="loading">…</p>
      ) : !data || data.length === 0 ? (
        <p className="empty">{t('reviews.earn.noReserve')}</p>
      ) : (
        <dl className="facts">
          {data.map((r) => (
            <div key={r.coin} className="facts__row" data-testid="reserve-line">
              <dt>{r.coin}</dt>
              <dd>
                {show.decimal(r.available)} · {t('reviews.earn.promised')} {show.decimal(r.frozen)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {mayReview && (
        <form className="create__fields" onSubmit={ask} noValidate data-testid="reserve-form">
          <Field
            label={t('reviews.earn.field.coin')}
            autoComplete="off"
            registration={form.register('coin', { required: t('signIn.required') })}
            error={form.formState.errors.coin}
          />
          <Field
            label={t('reviews.earn.topUpAmount')}
            inputMode="decimal"
            autoComplete="off"
            data-testid="reserve-amount"
            registration={form.register('amount', {
              validate: (v) => AMOUNT.test(v.trim()) || t('reviews.amountFormat'),
            })}
            error={form.formState.errors.amount}
          />
          <div className="form__submit">
            <button type="submit" className="btn btn--primary" data-testid="reserve-submit">
              {t('reviews.earn.topUp')}
            </button>
          </div>
        </form>
      )}
      {asking && (
        <ConfirmTopUp
          text={t('reviews.earn.topUpWarning', { amount: `${show.decimal(asking.amount)} ${asking.coin}` })}
          onConfirm={() => topUp(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
