import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatNumber, parseAmount } from '../../../domain/display';
import type { ErrorKey } from '../../../domain/errors';
import type { PlaceOptionReq, SecondOption, SecondTermsInfo } from '../../../domain/second-endpoints';
import type { OptionDirection } from '../../../domain/second-rules';
import type { SecondPreview } from '../../../worker/core-api';
import { CoinAmount } from '../../components/coin-amount';
import { toast } from '../../components/toast';
import { useOnline } from '../../components/use-online';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { useLocale } from './second-hooks';
import { PercentButtons } from '../trade';
import { newClientOrderId } from '../trade';
import { ConfirmOptionDialog } from './confirm-option-dialog';

/** Failures after which the option may or may not exist: a retry must reuse the same client id. */
const UNCERTAIN: readonly (string | undefined)[] = ['timeout', 'offline', 'serverFault'];

/** Props of {@link StakeForm}. */
export interface StakeFormProps {
  symbol: string;
  terms: SecondTermsInfo;
  /** Available balance of the `second` account, or null while unknown or signed out. */
  available: string | null;
  signedIn: boolean;
  onPlaced(option: SecondOption): void;
}

/** Duration, amount with % shortcuts, exact payout preview, up or down, confirmation, placement. */
export function StakeForm({ symbol, terms, available, signedIn, onPlaced }: StakeFormProps) {
  const { t } = useTranslation(['second', 'common']);
  const { core } = useCore();
  const call = useCall();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const inputId = useId();
  const [seconds, setSeconds] = useState(terms.durations[0]?.seconds ?? 0);
  const [text, setText] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const [preview, setPreview] = useState<SecondPreview | null>(null);
  const [confirming, setConfirming] = useState<OptionDirection | null>(null);
  const [busy, setBusy] = useState(false);
  // Placing an option moves money: disabled, with the reason, while the server cannot be reached.
  const online = useOnline();
  const pending = useRef<{ signature: string; id: string } | null>(null);
  const duration = terms.durations.find((d) => d.seconds === seconds) ?? terms.durations[0]!;
  const stake = useMemo(() => parseAmount(text, locale) ?? (text.trim() === '' ? '' : 'x'), [text, locale]);
  const fmt = (v: string, decimals = terms.stakeDecimals) => formatNumber(v, { locale, decimals });

  useEffect(() => {
    let live = true;
    void core
      .previewSecond({ stake, duration, stakeDecimals: terms.stakeDecimals })
      .then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [core, stake, duration, terms.stakeDecimals]);

  const pickPercent = async (pct: number) => {
    if (available === null) return;
    const p = await core.previewSecond({
      stake: '',
      duration,
      stakeDecimals: terms.stakeDecimals,
      available,
      percent: pct,
    });
    if (p.share !== null) {
      setText(p.share);
      setError(null);
    }
  };

  const review = (direction: OptionDirection) => {
    if (preview?.problem) {
      setError(preview.problem);
      return;
    }
    setError(null);
    setConfirming(direction);
  };

  const confirm = async () => {
    if (!confirming || busy) return;
    const req: PlaceOptionReq = { symbol, seconds, direction: confirming, stake };
    const signature = JSON.stringify(req);
    if (pending.current?.signature !== signature) pending.current = { signature, id: newClientOrderId() };
    setBusy(true);
    try {
      const out = await call(
        'second/place',
        { ...req, clientOrderId: pending.current.id },
        { fields: ['stake'] },
      );
      if (out.ok || !UNCERTAIN.includes(out.messageKey ?? out.intent)) pending.current = null;
      setConfirming(null);
      if (out.ok) {
        toast.success(t('confirm.placed'));
        setText('');
        onPlaced(out.data);
      } else if (out.field === 'stake' && out.messageKey) {
        setError(out.messageKey);
      } else if (out.messageKey === 'noOptimalPrice') {
        setError('noOptimalPrice');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="second-form" aria-label={t('amount')}>
      <div className="second-durations" role="radiogroup" aria-label={t('duration')}>
        {terms.durations.map((d) => (
          <button
            key={d.seconds}
            type="button"
            role="radio"
            aria-checked={d.seconds === seconds}
            className={`second-duration${d.seconds === seconds ? ' second-duration--active' : ''}`}
            onClick={() => {
              setSeconds(d.seconds);
              setError(null);
            }}
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
            value={text}
            placeholder={`${fmt(duration.minStake)} – ${fmt(duration.maxStake)}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
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
      <PercentButtons disabled={!signedIn || available === null} onPick={(pct) => void pickPercent(pct)} />
      <p className="second-form__payout">
        <span>{t('payoutIfWon')}</span>
        <strong data-testid="payout-preview">
          {/* As the confirmation, the history and the receipt show it: the coin's display decimals. */}
          <CoinAmount value={preview?.payout || null} coin={terms.coin} />
        </strong>
      </p>
      {signedIn ? (
        <div className="second-form__buttons">
          <button
            type="button"
            className="btn btn--buy second-form__dir"
            disabled={busy || !online}
            onClick={() => review('up')}
            data-testid="buy-up"
          >
            ▲ {t('up')}
          </button>
          <button
            type="button"
            className="btn btn--sell second-form__dir"
            disabled={busy || !online}
            onClick={() => review('down')}
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
      ) : (
        <Link
          className="btn btn--primary btn--block"
          to="/pages/mine/login"
          state={{ from: `${pathname}${search}` }}
          data-testid="login-to-trade"
        >
          {t('login')}
        </Link>
      )}
      <ConfirmOptionDialog
        direction={confirming}
        symbol={symbol}
        seconds={seconds}
        stake={stake}
        payout={preview?.payout ?? null}
        coin={terms.coin}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** `0.85` → `85` as text (a shift of the decimal point, not arithmetic on money). */
export function pctOf(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = (int + frac.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  const cut = digits.length - Math.max(0, frac.length - 2);
  const whole = digits.slice(0, cut) || '0';
  const rest = digits.slice(cut);
  return rest ? `${whole}.${rest}` : whole;
}
