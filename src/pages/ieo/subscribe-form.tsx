import { useId, useMemo, useState } from 'react';
import { subscribeProblem } from '../../../domain/ieo-rules';
import type { IeoProject, IeoTerms } from '../../../domain/ieo-types';
import type { ErrorKey } from '../../../domain/errors';
import { toUnits } from '../../../domain';
import { CoinAmount } from '../../components/coin-amount';
import { SignInLink } from '../../components/sign-in-link';
import { useOnline } from '../../components/use-online';
import { useUser } from '../../core/contexts';
import { errorMessage } from '../../i18n/i18n';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { SubscribeDialog } from './subscribe-dialog';
import { useSubscribe } from './use-subscribe';

/** Props of {@link SubscribeForm}. */
export interface SubscribeFormProps {
  project: IeoProject;
  terms: IeoTerms | null;
  /** Available balance of the quote coin in the IEO account, or null while unknown. */
  available: string | null;
  /** What the user committed to this project so far (quote coin). */
  used: string;
  onDone(): void;
}

/**
 * The amount in the quote coin, checked as typed by the server's own rule (domain/ieo-rules.ts),
 * then the summary with the trade password. The form keeps what was typed on a refusal.
 */
export function SubscribeForm(props: SubscribeFormProps) {
  const { project: p, terms } = props;
  const { t } = useTranslation(['ieo', 'assets', 'common']);
  const n = useNumbers();
  const { user } = useUser();
  const online = useOnline();
  const inputId = useId();
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const amount = useMemo(() => n.parse(text) ?? (text.trim() === '' ? '' : 'x'), [text, n]);
  const usedUnits = useMemo(() => toUnits(props.used), [props.used]);
  const problem: ErrorKey | null = subscribeProblem(
    amount,
    { quoteDecimals: p.quoteDecimals, lotCostUnits: toUnits(p.lotCost), capUnits: toUnits(p.cap) },
    usedUnits,
  );
  const shown = text.trim() === '' ? null : problem ? errorMessage(problem) : serverError;
  const needsPassword = terms?.tradePassword !== 'never';

  const flow = useSubscribe({
    project: p,
    amount,
    problem,
    needsPassword,
    hasTradePassword: user?.hasTradePassword ?? false,
    onSent() {
      setText('');
      props.onDone();
    },
    onRefused: setServerError,
  });

  if (!user) return <SignInLink testId="ieo-sign-in">{t('form.signIn')}</SignInLink>;
  const account = terms ? t(`assets:accounts.${terms.account}`) : '';
  return (
    <section className="card ieo-form" aria-labelledby={`${inputId}-title`}>
      <h2 className="card__title" id={`${inputId}-title`}>
        {t('form.title')}
      </h2>
      <div className={`field${shown ? ' field--error' : ''}`}>
        <label className="field__label ieo-form__label" htmlFor={inputId}>
          <span>{t('form.amount')}</span>
          <span className="ieo-form__available" data-testid="ieo-available">
            {t('form.available', { account })} <CoinAmount value={props.available} coin={p.quote} />
          </span>
        </label>
        <div className="field__control">
          <input
            id={inputId}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            placeholder={`${n.exact(p.lotCost)} – ${n.exact(p.cap)}`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setServerError(null);
            }}
            data-testid="ieo-amount"
          />
          <span className="order-field__unit">{p.quote}</span>
        </div>
        {shown && (
          <p className="field__error" role="alert" data-testid="ieo-amount-error">
            {shown}
          </p>
        )}
        <p className="field__hint">
          {t('form.hint', {
            min: n.exact(p.lotCost),
            cap: n.exact(p.cap),
            used: n.exact(props.used),
            coin: p.quote,
          })}
        </p>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!online || flow.busy || text.trim() === ''}
        onClick={() => (problem ? setServerError(null) : flow.review())}
        data-testid="ieo-subscribe"
      >
        {online ? t('form.submit') : t('form.offline')}
      </button>
      <SubscribeDialog
        open={flow.confirming}
        project={p}
        amount={amount}
        account={account}
        needsPassword={needsPassword}
        busy={flow.busy}
        passwordError={flow.passwordError}
        onConfirm={(pwd) => void flow.confirm(pwd)}
        onCancel={flow.cancel}
      />
    </section>
  );
}
