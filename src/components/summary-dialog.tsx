import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Dialog } from './dialog';
import { Spinner } from './spinner';

/** Props of {@link SummaryDialog}. */
export interface SummaryDialogProps {
  open: boolean;
  title: string;
  /** Label and value of each line of the summary; an optional id names the value `confirm-<id>` for tests. */
  rows: readonly (readonly [label: string, value: ReactNode, id?: string])[];
  confirmLabel: string;
  /** Class of the confirm button, such as `btn--buy`; `btn--primary` by default. */
  confirmClass?: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Below the summary: notes, a trade password field. */
  children?: ReactNode;
  testId?: string;
}

/** The last look before money moves: what will happen, line by line, then cancel or confirm. */
export function SummaryDialog(props: SummaryDialogProps) {
  const { t } = useTranslation('common');
  const { busy } = props;
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onDismiss={() => {
        if (!busy) props.onCancel();
      }}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={props.onCancel} disabled={busy}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${props.confirmClass ?? 'btn--primary'}`}
            onClick={props.onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid={props.testId}
          >
            {busy && <Spinner size={18} />}
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <dl className="confirm-order summary-rows">
        {props.rows.map(([label, value, id]) => (
          <div key={label} className="confirm-order__row">
            <dt>{label}</dt>
            <dd data-testid={id && `confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {props.children}
    </Dialog>
  );
}
