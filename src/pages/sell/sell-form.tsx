import { useId } from 'react';
import type { PairInfo } from '../../../domain/market';
import { floorToStep } from '../../../domain/spot-math';
import { CoinAmount } from '../../components/coin-amount';
import { useOnline } from '../../components/use-online';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import type { SellPreview } from '../../../worker/core-api';
import type { useSellForm } from './use-sell-form';

/** Slippage presets, in percent. */
const PRESETS = ['0.5', '1', '2'] as const;

type Form = ReturnType<typeof useSellForm>;

/** The coin picker: the markets against USDT that trade now. */
export function CoinPicker(props: { pairs: readonly PairInfo[]; value: string; onPick(coin: string): void }) {
  const { t } = useTranslation('sell');
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('coin')}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__input sell-coin"
          value={props.value}
          onChange={(e) => props.onPick(e.target.value)}
          data-testid="sell-coin"
        >
          {props.pairs.map((p) => (
            <option key={p.base} value={p.base}>
              {p.base} → {p.quote}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The amount with the available balance and a Max shortcut (floored to the lot). */
export function AmountField(props: { form: Form; pair: PairInfo; available: string | null }) {
  const { form, pair, available } = props;
  const { t } = useTranslation('sell');
  const n = useNumbers();
  const id = useId();
  return (
    <div className={`field${form.qtyError ? ' field--error' : ''}`}>
      <label className="field__label sell-label" htmlFor={id}>
        <span>{t('amount')}</span>
        <span className="muted" data-testid="sell-available">
          {t('available')} <CoinAmount value={available} coin={pair.base} />
        </span>
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={form.text}
          aria-invalid={form.qtyError ? true : undefined}
          onChange={(e) => form.edit(e.target.value)}
          data-testid="sell-qty"
        />
        <button
          type="button"
          className="btn btn--text sell-max"
          disabled={available === null}
          onClick={() => available !== null && form.edit(n.input(floorToStep(available, pair.lotSize)))}
          data-testid="sell-max"
        >
          {t('max')}
        </button>
        <span className="order-field__unit">{pair.base}</span>
      </div>
      {form.qtyError && (
        <p className="field__error" role="alert" data-testid="sell-qty-error">
          {form.qtyError}
        </p>
      )}
    </div>
  );
}

/** The slippage limit: presets and a custom value, in percent. */
export function SlippageField({ form }: { form: Form }) {
  const { t } = useTranslation(['sell', 'errors']);
  const id = useId();
  const custom = !(PRESETS as readonly string[]).includes(form.slippageText);
  return (
    <div className={`field${form.slippage === null ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('slippage')}
      </label>
      <div className="segmented sell-slippage" role="group" aria-label={t('slippage')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`segmented__item${form.slippageText === p ? ' segmented__item--active' : ''}`}
            aria-pressed={form.slippageText === p}
            onClick={() => form.setSlippageText(p)}
            data-testid={`slippage-${p}`}
          >
            {p}%
          </button>
        ))}
        <input
          id={id}
          className={`field__input sell-slippage__custom${custom ? ' sell-slippage__custom--active' : ''}`}
          inputMode="decimal"
          placeholder={t('custom')}
          value={custom ? form.slippageText : ''}
          onChange={(e) => form.setSlippageText(e.target.value)}
          data-testid="slippage-custom"
        />
      </div>
      {form.slippage === null ? (
        <p className="field__error" role="alert">
          {t('errors:sellSlippageRange')}
        </p>
      ) : (
        <p className="field__hint">{t('slippageHint')}</p>
      )}
    </div>
  );
}

/** The worker's live estimate from the book, before a quote is asked for. */
export function Estimate({ preview, pair }: { preview: SellPreview | null; pair: PairInfo }) {
  const { t } = useTranslation('sell');
  const n = useNumbers();
  const m = preview?.math ?? null;
  return (
    <section className="sell-estimate" aria-label={t('estimate.title')} data-testid="sell-estimate">
      <p className="sell-estimate__title muted">
        {t('estimate.title')}
        {preview && !preview.live && <span className="badge"> {t('estimate.syncing')}</span>}
      </p>
      {m && !m.complete ? (
        <p className="field__error" data-testid="sell-estimate-thin">
          {t('estimate.thin')}
        </p>
      ) : (
        <dl className="summary-rows sell-rows">
          <div className="confirm-order__row">
            <dt>{t('estimate.received')}</dt>
            <dd data-testid="estimate-received">
              <CoinAmount value={m?.received ?? null} coin={pair.quote} />
            </dd>
          </div>
          <div className="confirm-order__row">
            <dt>{t('estimate.avgPrice')}</dt>
            <dd>{n.price(m?.avgPrice ?? null, pair)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The main button: ask for a quote, or sell with the quote that holds. */
export function SellButton({ form, pair }: { form: Form; pair: PairInfo }) {
  const { t } = useTranslation('sell');
  const online = useOnline();
  const ready = form.qty !== '' && !form.qtyError;
  // An expired quote's card offers the new one.
  if (form.quote && form.left <= 0) return null;
  if (form.quote) {
    return (
      <button
        type="button"
        className="btn btn--sell btn--block"
        disabled={form.busy || !online || form.slippage === null}
        onClick={form.review}
        data-testid="sell-review"
      >
        {t('sell', { coin: pair.base })}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      disabled={form.busy || !online || !ready}
      onClick={() => void form.getQuote()}
      data-testid="sell-get-quote"
    >
      {t('quote.get')}
    </button>
  );
}
