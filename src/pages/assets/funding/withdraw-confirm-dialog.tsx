import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Icon } from '../../../components/icons';
import { errorText } from '../../../forms/field-errors';
import { useNumbers } from '../../../i18n/use-numbers';
import { SummaryDialog } from '../../../components/summary-dialog';
import type { PasswordProblem, PendingWithdrawal } from './use-submit-withdrawal';

/** Props of {@link WithdrawConfirmDialog}. */
export interface WithdrawConfirmDialogProps {
  /** The withdrawal to confirm; null when closed. */
  request: PendingWithdrawal | null;
  chainName: string;
  fee: string;
  receive: string | null;
  needsPassword: boolean;
  busy: boolean;
  passwordError: PasswordProblem | null;
  onConfirm(tradePassword: string): void;
  onCancel(): void;
}

/** Address, amount, fee and what arrives, then the trade password; Enter confirms. */
export function WithdrawConfirmDialog(props: WithdrawConfirmDialogProps) {
  const { t } = useTranslation(['assets', 'common']);
  const { request, needsPassword } = props;
  const id = useId();
  const n = useNumbers();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const open = request !== null;
  // A closed dialog forgets the password (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setPassword('');
  }
  const coin = request?.coin ?? '';
  const problem = errorText(props.passwordError ?? undefined);
  return (
    <SummaryDialog
      open={open}
      title={t('withdraw.confirmTitle')}
      confirmLabel={t('withdraw.confirm')}
      busy={props.busy}
      onConfirm={() => props.onConfirm(password)}
      onCancel={props.onCancel}
      testId="confirm-withdraw"
      rows={
        request
          ? [
              [t('picker.network'), props.chainName],
              [t('withdraw.address'), <span className="mono confirm-address">{request.address}</span>],
              [t('withdraw.amount'), `${n.digits(request.amount)} ${coin}`],
              [t('withdraw.fee'), `${n.exact(props.fee)} ${coin}`],
              [t('withdraw.receive'), `${n.exact(props.receive)} ${coin}`],
            ]
          : []
      }
    >
      <p className="note">{t('withdraw.frozenNote')}</p>
      {needsPassword && (
        <div className={`field${problem ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {t('withdraw.tradePassword')}
          </label>
          <div className="field__control">
            <input
              id={id}
              className="field__input"
              type={visible ? 'text' : 'password'}
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  props.onConfirm(password);
                }
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              data-testid="withdraw-password"
            />
            <button
              type="button"
              className="field__end icon-btn"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? t('common:actions.hide') : t('common:actions.show')}
              aria-pressed={visible}
            >
              <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
            </button>
          </div>
          {problem && (
            <p className="field__error" id={`${id}-error`} role="alert" data-field="tradePassword">
              {problem}
            </p>
          )}
        </div>
      )}
    </SummaryDialog>
  );
}
