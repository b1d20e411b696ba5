import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../core/use-translation';
import { Field } from './field';

/** Longest reason, in characters (the areas' limit for a refusal shown to the user). */
export const REASON_MAX = 200;

/**
 * Asks for a reason (a refusal, an admin action) in a modal dialog; `onSubmit` gets it trimmed.
 * With `label` and `check` it asks for another one-line text (a withdrawal's transaction id).
 */
export function ReasonDialog({
  title,
  confirm,
  onSubmit,
  onClose,
  danger = false,
  label,
  check,
  warning,
}: {
  title: string;
  confirm: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
  danger?: boolean;
  label?: string;
  /** The field's problem in the operator's language, or null. */
  check?: (value: string) => string | null;
  /** A line above the field: what the decision does that cannot be undone (money moves). */
  warning?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const submit = form.handleSubmit(async ({ reason }) => onSubmit(reason.trim().replace(/\s+/g, ' ')));
  return (
    <dialog ref={ref} className="dialog" onClose={onClose} data-testid="reason-dialog">
      <form onSubmit={submit}>
        <h2 className="dialog__title">{title}</h2>
        {warning && (
          <p className="dialog__warning" data-testid="dialog-warning">
            {warning}
          </p>
        )}
        <Field
          label={label ?? t('reason.label')}
          autoFocus
          maxLength={REASON_MAX}
          data-testid="reason"
          registration={form.register('reason', {
            validate: (v) => (v.trim() === '' ? t('reason.required') : (check?.(v.trim()) ?? true)),
          })}
          error={form.formState.errors.reason}
        />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {t('action.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            disabled={form.formState.isSubmitting}
            data-testid="reason-submit"
          >
            {confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
