import { Dialog } from './dialog';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question, such as the trade-password prompt of spec §8. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      open={props.open}
      onDismiss={props.onCancel}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className="btn btn--primary" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p className="dialog__message">{props.message}</p>
    </Dialog>
  );
}
