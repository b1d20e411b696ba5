import { useId } from 'react';
import { formatNumber } from '../../../domain/display';
import type { ErrorKey } from '../../../domain/errors';
import type { SecondTermsInfo } from '../../../domain/second-endpoints';
import type { OptionDirection } from '../../../domain/second-rules';
import { SignInLink } from '../../components/sign-in-link';
import { useOnline } from '../../components/use-online';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';
import { pctOf } from './second-format';

/** The durations on offer with their payout rates, as radio buttons; `seconds` is the one picked. */
export function DurationPicker(props: {
  durations: SecondTermsInfo['durations'];
  seconds: number;
  onPick(seconds: number): void;
}) {
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  return (
    <div className="second-durations" role="radiogroup" aria-label={t('duration')}>
      {props.durations.map((d) => (
        <button
          key={d.seconds}
          type="button"
          role="radio"
          aria-checked={d.seconds === props.seconds}
          className={`second-duration${d.seconds === props.seconds ? ' second-duration--active' : ''}`}
          onClick={() => props.onPick(d.seconds)}
          data-testid={`duration-${d.seconds}`}
        >
          <span className="second-duration__time">{t('seconds', { n: d.seconds })}</span>
          <span className="second-duration__rate">
            {t('rate', {
              // A no-break space keeps the % with its number when the label wraps.
              rate: `${formatNumber(pctOf(d.payoutRate), { locale, decimals: 2, trim: true })}\u00a0%`,
            })}
          </span>
        </button>
      ))}
    </div>
  );
}

/** The stake input with the available balance, its problem and the duration's bounds. */
export function StakeField(props: {
  terms: SecondTermsInfo;
  duration: SecondTermsInfo['durations'][number];
  available: string | null;
  text: string;
  onEdit(text: string): void;
  error: ErrorKey | null;
}) {
  const { terms, duration, available, error } = props;
  const { t } = useTranslation(['second', 'common']);
  const locale = useLocale();
  const inputId = useId();
  const fmt = (v: string, decimals = terms.stakeDecimals) => formatNumber(v, { locale, decimals });
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label second-form__label" htmlFor={inputId}>
        <span>{t('amount')}</span>
        <span className="second-form__available" data-testid="second-available">
          {t('available')} {available === null ? '—' : `${fmt(available)} ${terms.coin}`}
        </span>
      </label>
      <div className="field__control">
        <input
          id={inputId}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          value={props.text}
          placeholder={`${fmt(duration.minStake)} – ${fmt(duration.maxStake)}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => props.onEdit(e.target.value)}
          data-testid="stake-input"
        />
        <span className="order-field__unit">{terms.coin}</span>
      </div>
      {error && (
        <p className="field__error" role="alert" data-testid="stake-error">
          {errorMessage(error)}
        </p>
      )}
      <p className="field__hint">
        {t('amountHint', {
          min: fmt(duration.minStake),
          max: fmt(duration.maxStake),
          coin: terms.coin,
          decimals: terms.stakeDecimals,
          count: terms.stakeDecimals,
        })}
      </p>
    </div>
  );
}

/** Buy up or down when signed in (disabled, with the reason, offline); else a way to sign in. */
export function DirectionButtons(props: {
  signedIn: boolean;
  busy: boolean;
  onReview(direction: OptionDirection): void;
}) {
  const { t } = useTranslation(['second', 'common']);
  // Placing an option moves money: disabled, with the reason, while the server cannot be reached.
  const online = useOnline();
  if (!props.signedIn) {
    return <SignInLink testId="login-to-trade">{t('login')}</SignInLink>;
  }
  return (
    <div className="second-form__buttons">
      <button
        type="button"
        className="btn btn--buy second-form__dir"
        disabled={props.busy || !online}
        onClick={() => props.onReview('up')}
        data-testid="buy-up"
      >
        ▲ {t('up')}
      </button>
      <button
        type="button"
        className="btn btn--sell second-form__dir"
        disabled={props.busy || !online}
        onClick={() => props.onReview('down')}
        data-testid="buy-down"
      >
        ▼ {t('down')}
      </button>
      {!online && (
        <p className="note second-form__offline" data-testid="second-needs-network">
          {t('common:offline.needsNetwork')}
        </p>
      )}
    </div>
  );
}
