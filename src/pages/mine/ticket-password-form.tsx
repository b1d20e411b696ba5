import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router-dom';
import type { Outcome } from '../../../domain/envelope';
import { Icon } from '../../components/icons';
import { applyServerFieldError } from '../../forms/field-errors';
import { rulesResolver } from '../../forms/rules-resolver';
import { SubmitButton } from '../../forms/submit-button';
import { NewPasswordFields, newPasswordProblems } from './password-fields';
import type { NewPasswordValues } from './password-fields';

/** The ticket a first step handed over in router state, or null when the page was opened directly. */
export function useTicket(): string | null {
  const state = useLocation().state as { ticket?: unknown } | null;
  return typeof state?.ticket === 'string' ? state.ticket : null;
}

/** Props of {@link TicketPasswordForm}. */
export interface TicketPasswordFormProps {
  /** Where to start again when there is no ticket. */
  restart: string;
  /** Sends the new password with the ticket. */
  submit(ticket: string, values: NewPasswordValues): Promise<Outcome<unknown>>;
  /** After success. */
  done(): void;
}

/** Second step of a password change or reset: a new password, sent with the first step's ticket. */
export function TicketPasswordForm({ restart, submit, done }: TicketPasswordFormProps) {
  const { t } = useTranslation(['mine', 'common']);
  const ticket = useTicket();
  const form = useForm<NewPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: rulesResolver(newPasswordProblems),
  });
  if (!ticket) {
    return (
      <div className="state">
        <span className="state__icon">
          <Icon name="clock" size={32} />
        </span>
        <p className="state__text">{t('forget.noTicket')}</p>
        <Link className="btn btn--primary" to={restart} replace>
          {t('common:actions.back')}
        </Link>
      </div>
    );
  }
  const onSubmit = form.handleSubmit(async (v) => {
    const out = await submit(ticket, v);
    if (out.ok) done();
    else applyServerFieldError(out, form.setError);
  });
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <NewPasswordFields form={form} />
      <SubmitButton busy={form.formState.isSubmitting}>{t('common:actions.confirm')}</SubmitButton>
    </form>
  );
}
