import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { PasswordField } from '../../forms/password-field';
import { rulesResolver } from '../../forms/rules-resolver';

/** Props of {@link TradePasswordDialog}. */
export interface TradePasswordDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  /** The server refused the password: its message key, shown under the field. */
  errorKey: string | null;
  /** The server's own text for a refusal without a key. */
  errorText?: string | null;
  onSubmit(tradePassword: string): void;
  onCancel(): void;
}

interface Values {
  tradePassword: string;
}

/**
 * Asks for the trade password before a sensitive change (binding a card). A wrong password keeps the
 * dialog open with the error under the field; a user without a trade password never gets here (the
 * spec §8 prompt offers to set one first).
 */
export function TradePasswordDialog(props: TradePasswordDialogProps) {
  const { open, busy, errorKey, errorText } = props;
  const { t } = useTranslation(['assets', 'common']);
  const formId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    defaultValues: { tradePassword: '' },
    resolver: rulesResolver((v: Values) => (v.tradePassword ? {} : { tradePassword: 'required' })),
  });

  // Every opening starts empty: a password is never kept longer than one attempt. The field is
  // cleared when the dialog closes, not when it opens: an effect after opening would run after the
  // first paint and wipe what a quick user (or a password manager) already typed.
  useEffect(() => {
    if (!open) reset({ tradePassword: '' });
  }, [open, reset]);

  useEffect(() => {
    if (errorKey) setError('tradePassword', { type: 'rule', message: errorKey }, { shouldFocus: true });
    else if (errorText)
      setError('tradePassword', { type: 'server', message: errorText }, { shouldFocus: true });
  }, [errorKey, errorText, setError]);

  const submit = handleSubmit((v) => props.onSubmit(v.tradePassword));
  return (
    <Dialog
      open={open}
      title={props.title}
      onDismiss={() => {
        if (!busy) props.onCancel();
      }}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={props.onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={busy}
            aria-busy={busy}
            data-testid="trade-password-confirm"
          >
            {busy && <Spinner size={18} />}
            {t('common:actions.confirm')}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <PasswordField
          label={t('card.tradePassword')}
          registration={register('tradePassword')}
          error={formState.errors.tradePassword}
          autoComplete="off"
          data-testid="trade-password-input"
        />
        <Link className="link trade-password-dialog__forgot" to="/pages/mine/resetLegalPwd">
          {t('card.forgotTradePassword')}
        </Link>
      </form>
    </Dialog>
  );
}
