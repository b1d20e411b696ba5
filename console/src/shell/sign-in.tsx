import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import { OPS_NAME, type OpsLoginStep } from '../../../domain/ops-api';
import { Field } from '../components/field';
import { getApi } from '../core/api';
import { useSession } from '../core/session';
import { toast } from '../core/toast';
import { problemText } from '../core/use-call';
import { useTranslation } from '../core/use-translation';
import { Prefs } from './prefs';
import { returnPath } from './return-path';

/** A TOTP code: six digits. */
const CODE = /^\d{6}$/;

/** Where to go after the sign-in (return-path.ts). */
function useReturnPath(): string {
  const { me, endedBy, previousId } = useSession();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  return returnPath(from, endedBy, previousId, me?.id);
}

/** The password step. */
function PasswordStep({ onStep }: { onStep: (step: OpsLoginStep) => void }) {
  const { t } = useTranslation();
  const form = useForm<{ name: string; password: string }>({ defaultValues: { name: '', password: '' } });
  const submit = form.handleSubmit(async ({ name, password }) => {
    const r = await getApi().login(name.trim().toLowerCase(), password);
    if (r.ok) return onStep(r.data);
    toast.error(problemText(r, t));
  });
  return (
    <form onSubmit={submit} className="card sign-in__form" data-testid="sign-in-password">
      <Field
        label={t('signIn.name')}
        autoComplete="username"
        autoCapitalize="none"
        data-testid="sign-in-name"
        registration={form.register('name', {
          validate: (v) => OPS_NAME.test(v.trim().toLowerCase()) || t('signIn.nameInvalid'),
        })}
        error={form.formState.errors.name}
      />
      <Field
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        data-testid="sign-in-password-input"
        registration={form.register('password', { validate: (v) => v !== '' || t('signIn.required') })}
        error={form.formState.errors.password}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={form.formState.isSubmitting}>
        {t('signIn.next')}
      </button>
    </form>
  );
}

/** The second step: the code, after enrolling the second factor when there is none yet. */
function CodeStep({ step, onBack }: { step: OpsLoginStep; onBack: () => void }) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const back = useReturnPath();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    const r = await getApi().totp(step.ticket, code.trim());
    if (r.ok) {
      signedIn(r.data.me);
      return navigate(back, { replace: true });
    }
    if (r.field === 'code' || r.field === 'ticket' || r.problem === 'message') {
      form.setError('code', { message: r.message ?? t('signIn.codeWrong') }, { shouldFocus: true });
    } else toast.error(problemText(r, t));
  });
  return (
    <form onSubmit={submit} className="card sign-in__form" data-testid={`sign-in-${step.step}`}>
      {step.step === 'enrol' && (
        <div className="enrol">
          <p>{t('signIn.enrolIntro')}</p>
          <div className="enrol__qr" data-testid="enrol-qr">
            <QRCodeSVG value={step.otpauthUri} size={192} marginSize={2} title={t('signIn.qrTitle')} />
          </div>
          <p className="enrol__label">{t('signIn.secret')}</p>
          <code className="enrol__secret" data-testid="enrol-secret">
            {step.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      )}
      <Field
        label={step.step === 'enrol' ? t('signIn.firstCode') : t('signIn.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        data-testid="sign-in-code"
        registration={form.register('code', {
          validate: (v) => CODE.test(v.trim()) || t('signIn.codeFormat'),
        })}
        error={form.formState.errors.code}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={form.formState.isSubmitting}>
        {t('signIn.submit')}
      </button>
      <button type="button" className="btn btn--ghost btn--block" onClick={onBack}>
        {t('signIn.back')}
      </button>
    </form>
  );
}

/** Sign-in: name and password, then the TOTP code (or enrolment of one on first sign-in). */
export function SignIn() {
  const { t } = useTranslation();
  const { me, endedBy } = useSession();
  const back = useReturnPath();
  const [step, setStep] = useState<OpsLoginStep | null>(null);
  if (me) return <Navigate to={back} replace />;
  return (
    <div className="sign-in">
      <div className="sign-in__top">
        <Prefs />
      </div>
      <h1 className="sign-in__title">{t('shell.brand')}</h1>
      <p className="sign-in__sub">{step ? t(`signIn.${step.step}Title`) : t('signIn.title')}</p>
      {endedBy === 'idle' && !step && (
        <p className="note" role="status" data-testid="signed-out-idle">
          {t('signIn.idle')}
        </p>
      )}
      {step ? <CodeStep step={step} onBack={() => setStep(null)} /> : <PasswordStep onStep={setStep} />}
    </div>
  );
}
