import { useId, useState } from 'react';
import type { IeoProject } from '../../../domain/ieo-types';
import { fromUnits, toUnits } from '../../../domain';
import { SummaryDialog } from '../../components/summary-dialog';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';

/** Props of {@link SubscribeDialog}. */
export interface SubscribeDialogProps {
  open: boolean;
  project: IeoProject;
  /** Wire decimal string in the quote coin. */
  amount: string;
  /** The account's name, translated. */
  account: string;
  needsPassword: boolean;
  busy: boolean;
  passwordError: string | null;
  onConfirm(tradePassword: string): void;
  onCancel(): void;
}

/** Project, amount, the account it is frozen from, the most it can buy; then the trade password. */
export function SubscribeDialog(props: SubscribeDialogProps) {
  const { t } = useTranslation(['ieo', 'common']);
  const n = useNumbers();
  const id = useId();
  const [password, setPassword] = useState('');
  const [wasOpen, setWasOpen] = useState(props.open);
  // A closed dialog forgets the password (state adjusted while rendering, not in an effect).
  if (wasOpen !== props.open) {
    setWasOpen(props.open);
    if (!props.open) setPassword('');
  }
  const p = props.project;
  let maxLots = 0n;
  try {
    maxLots = toUnits(props.amount) / toUnits(p.lotCost);
  } catch {
    maxLots = 0n;
  }
  const lotUnits = toUnits(p.lot);
  return (
    <SummaryDialog
      open={props.open}
      title={t('confirm.title')}
      confirmLabel={t('confirm.confirm')}
      busy={props.busy}
      onConfirm={() => props.onConfirm(password)}
      onCancel={props.onCancel}
      testId="ieo-confirm"
      rows={[
        [t('confirm.project'), `${p.name} · ${p.number}`],
        [t('confirm.amount'), `${n.digits(props.amount)} ${p.quote}`, 'amount'],
        [t('confirm.from'), props.account],
        [
          t('confirm.atMost'),
          `${t('confirm.lots', { count: Number(maxLots) })} · ${n.exact(fromUnits(maxLots * lotUnits))} ${p.coin}`,
          'lots',
        ],
      ]}
    >
      <p className="note">{t('confirm.note')}</p>
      {props.needsPassword && (
        <div className={`field${props.passwordError ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {t('confirm.tradePassword')}
          </label>
          <div className="field__control">
            <input
              id={id}
              className="field__input"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  props.onConfirm(password);
                }
              }}
              aria-invalid={props.passwordError ? true : undefined}
              data-testid="ieo-password"
            />
          </div>
          {props.passwordError && (
            <p className="field__error" role="alert">
              {props.passwordError}
            </p>
          )}
        </div>
      )}
    </SummaryDialog>
  );
}
