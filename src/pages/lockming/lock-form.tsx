import { useId, type FormEvent } from 'react';
import type { BalanceLine } from '../../../domain';
import type { LockmingProduct, LockmingTerms } from '../../../domain/lockming-types';
import { CoinAmount } from '../../components/coin-amount';
import { SummaryDialog } from '../../components/summary-dialog';
import { useCatalogCoin } from '../../core/catalog-coins';
import { usePrefs } from '../../core/contexts';
import { SubmitButton } from '../../forms/submit-button';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { NO_NUMBER } from '../../../domain/display';
import { dayText, percentText } from './lockming-format';
import { useLockForm } from './use-lock-form';

/** Props of {@link LockForm}. */
export interface LockFormProps {
  product: LockmingProduct;
  terms: LockmingTerms | null;
  /** The user's `finance` balances (null while unknown). */
  balances: readonly BalanceLine[] | null;
}

/**
 * The lock (or subscribe) form of one product: the amount from the `finance` account, the exact
 * daily interest, estimated income and maturity as the server will promise them, then the summary
 * to confirm. A refusal lands next to the amount, which stays as typed.
 */
export function LockForm({ product, terms, balances }: LockFormProps) {
  const { t } = useTranslation(['lockming', 'common']);
  const { lang } = usePrefs();
  const id = useId();
  const s = useLockForm(product, terms);
  const n = useNumbers();
  const coinInfo = useCatalogCoin(product.coin);
  const line = balances?.find((b) => b.account === 'finance' && b.coin === product.coin);
  const available = balances === null ? null : (line?.available ?? '0');
  const coin = (v: string | null | undefined) => <CoinAmount value={v} coin={product.coin} />;
  // The promise to the unit the server pays in (the coin's decimals), not shortened for display.
  const exact = (v: string | null | undefined) => (v ? `${n.exact(v)} ${product.coin}` : NO_NUMBER);
  const p = s.preview?.expectedIncome ? s.preview : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    s.review();
  };
  const rows: [string, React.ReactNode, string][] = [
    [t('fields.dailyInterest'), exact(p?.dailyInterest), 'daily'],
    [t('fields.expectedIncome'), exact(p?.expectedIncome), 'income'],
    [t('fields.payouts'), p ? String(p.days) : '—', 'payouts'],
    [t('fields.maturesAt'), dayText(p?.maturesAt ?? null, lang), 'matures'],
  ];
  return (
    <form className="card lockming-form" onSubmit={submit} noValidate data-testid="lockming-form">
      <div className={`field${s.error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {t('fields.amount')}
        </label>
        <div className="field__control">
          <input
            id={id}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            value={s.text}
            placeholder={t('form.minHint', { min: n.coin(product.minAmount, coinInfo), coin: product.coin })}
            onChange={(e) => s.change(e.target.value)}
            aria-invalid={s.error ? true : undefined}
            aria-describedby={s.error ? `${id}-error` : undefined}
            data-testid="lockming-amount"
          />
          <span className="lockming-form__unit">{product.coin}</span>
        </div>
        {s.error && (
          <p className="field__error" id={`${id}-error`} role="alert" data-field="amount">
            {s.error}
          </p>
        )}
        <p className="lockming-form__available">
          <span>{t('fields.available')}</span>
          <span className="mono" data-testid="lockming-available">
            {coin(available)}
          </span>
        </p>
      </div>
      <dl className="order-card__grid lockming-form__preview" data-testid="lockming-preview">
        {rows.map(([label, value, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`lockming-preview-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <SubmitButton busy={s.busy} needsNetwork>
        {product.kind === 'lock' ? t('lock') : t('subscribe')}
      </SubmitButton>
      <SummaryDialog
        open={s.confirming}
        title={t('confirm.title')}
        rows={[
          [t('fields.product'), product.name],
          [t('fields.amount'), coin(s.value), 'amount'],
          [t('fields.dailyRate'), percentText(product.dailyRate, lang)],
          [t('fields.dailyInterest'), exact(p?.dailyInterest), 'daily'],
          [t('fields.expectedIncome'), exact(p?.expectedIncome), 'income'],
          [t('fields.maturesAt'), dayText(p?.maturesAt ?? null, lang), 'matures'],
        ]}
        confirmLabel={product.kind === 'lock' ? t('confirm.lock') : t('confirm.subscribe')}
        busy={s.busy}
        onConfirm={() => void s.confirm()}
        onCancel={s.cancel}
        testId="lockming-confirm"
      >
        <p className="note">{t('confirm.frozen', { time: terms?.accrualAtUtc ?? '00:00' })}</p>
        <p className="note" data-testid="lockming-confirm-redeem">
          {product.kind === 'savings'
            ? t('confirm.savings')
            : product.earlyRedeem
              ? t('confirm.early')
              : t('confirm.noEarly')}
        </p>
        {terms?.tradePassword === 'always' && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-pwd`}>
              {t('fields.tradePassword')}
            </label>
            <div className="field__control">
              <input
                id={`${id}-pwd`}
                className="field__input"
                type="password"
                autoComplete="off"
                value={s.tradePassword}
                onChange={(e) => s.setTradePassword(e.target.value)}
                data-testid="lockming-trade-password"
              />
            </div>
          </div>
        )}
      </SummaryDialog>
    </form>
  );
}
