import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import {
  CREDIT_RULES,
  CREDIT_WINDOW_DAYS,
  type CreditFactor,
  type CreditReport,
} from '../../../../domain/identity-credit';
import { Screen } from '../../../components/screen';
import { usePrefs, useUser } from '../../../core/contexts';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/use-translation';
import { RequireUser } from '../../../components/require-user';
import { LoadState } from '../../../components/load-state';
import { creditAdvice, STEP_ROUTES } from './credit-advice';
import { useKept } from './use-kept';
import { DataAge } from '../../../components/data-age';
import '../../../styles/identity.css';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The published rule of a factor, from the same table the server computes with. */
function useRuleText(): (f: CreditFactor) => string {
  const { t } = useTranslation('identity');
  return (f) => {
    const r = CREDIT_RULES;
    switch (f.key) {
      case 'base':
        return t('credit.rules.base', { points: r.base.points });
      case 'accountAge':
        return t('credit.rules.accountAge', { ...r.accountAge, count: r.accountAge.per });
      case 'identity':
        return t('credit.rules.identity', { points: r.identity.points });
      case 'tradePassword':
        return t('credit.rules.tradePassword', { points: r.tradePassword.points });
      case 'trading':
        return t('credit.rules.trading', { ...r.trading, count: r.trading.per });
      case 'cancellations':
        return t('credit.rules.cancellations', { ...r.cancellations, count: r.cancellations.per });
    }
  };
}

function FactorRow({ f }: { f: CreditFactor }) {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const rule = useRuleText();
  const fact =
    f.key === 'base'
      ? null
      : f.key === 'identity' || f.key === 'tradePassword'
        ? t(f.fact ? 'credit.fact.yes' : 'credit.fact.no')
        : f.key === 'accountAge'
          ? t('credit.fact.days', { n: formatCount(f.fact, lang), count: f.fact })
          : t('credit.fact.orders', { n: formatCount(f.fact, lang), count: f.fact });
  return (
    <li className="credit-factor" data-testid={`credit-${f.key}`} data-points={f.points}>
      <span className="credit-factor__main">
        <span className="credit-factor__name">
          {t(`credit.factors.${f.key}`, { days: CREDIT_WINDOW_DAYS, count: CREDIT_WINDOW_DAYS })}
          {fact !== null && <span className="credit-factor__fact"> · {fact}</span>}
        </span>
        <span className="credit-factor__rule">{rule(f)}</span>
      </span>
      <span
        className={`credit-factor__points mono${f.points > 0 ? ' credit-factor__points--up' : ''}${
          f.points < 0 ? ' credit-factor__points--down' : ''
        }`}
      >
        {f.key === 'base' ? f.points : signed(f.points)}
      </span>
    </li>
  );
}

function CreditBody() {
  const { t } = useTranslation('identity');
  const { lang } = usePrefs();
  const { user, setUser } = useUser();
  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);
  // The profile shows the score too: keep it in step with the breakdown.
  const sync = useCallback(
    (r: CreditReport) => {
      const u = userRef.current;
      if (u && u.creditScore !== r.score) setUser({ ...u, creditScore: r.score });
    },
    [setUser],
  );
  const { data: report, savedAt, failed, reload } = useKept('credit/score', sync);

  // Until the breakdown arrives (or offline), the score the app last knew.
  const score = report?.score ?? user?.creditScore ?? null;
  const steps = creditAdvice(report, user);
  return (
    <>
      <section className="card credit-score" data-testid="credit-score">
        <p className="credit-score__label">{t('credit.score')}</p>
        <p className="credit-score__value" data-testid="credit-value">
          {score === null ? '—' : formatCount(score, lang)}
        </p>
        <p className="credit-score__max">{t('credit.outOf', { max: CREDIT_RULES.max })}</p>
        <div className="credit-score__bar" aria-hidden="true">
          <span
            style={{ width: `${Math.max(0, Math.min(100, ((score ?? 0) / CREDIT_RULES.max) * 100))}%` }}
          />
        </div>
        <DataAge at={savedAt} says="asOf" testId="credit-saved" />
        {report && (
          <p className="note identity-note">
            {t('credit.computed', { time: formatDateTime(new Date(report.computedAt).toISOString(), lang) })}
          </p>
        )}
      </section>
      <p className="note identity-note">{t('credit.intro')}</p>
      {report ? (
        <ul className="card credit-factors" data-testid="credit-factors">
          {report.factors.map((f) => (
            <FactorRow key={f.key} f={f} />
          ))}
        </ul>
      ) : (
        <LoadState
          failed={failed}
          onRetry={() => void reload()}
          failedText={t('loadFailed')}
          testId="identity"
        />
      )}
      {steps.map((step) => (
        <Link
          key={step}
          className="btn btn--secondary btn--block"
          to={STEP_ROUTES[step]}
          data-testid={`credit-advice-${step}`}
        >
          {t(`credit.improve.${step}`, { points: CREDIT_RULES[step].points })}
        </Link>
      ))}
    </>
  );
}

/** /pages/home/ping: the credit score and its published breakdown. */
export function CreditPage() {
  return (
    <Screen>
      <RequireUser>{() => <CreditBody />}</RequireUser>
    </Screen>
  );
}
