// The editor kit: a record's form (an IEO project, an earn product) that creates it or edits it
// until it locks. A save's refusal of one field is shown at that field and every value typed stays
// (server-errors.ts); a save that goes through is toasted and returns to the list.
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { OpsDuty } from '../../../domain/ops-api';
import { useDuty } from '../core/session';
import { toast } from '../core/toast';
import { useTranslation } from '../core/use-translation';
import { useFormCall, type FormCall } from './server-errors';

/**
 * A record's form: `save(run)` makes the submit handler, `run` calling the create or edit route
 * through `submit`. `openedAt` is the clock when the form was opened, the moment a lock is judged at
 * (a record that opens while the form is open is refused by the server, not hidden under the hand).
 */
export function useEditor<F extends FieldValues>({
  defaultValues,
  fields,
  done,
  saved,
  duty = 'review',
}: {
  defaultValues: DefaultValues<F>;
  /** The fields a server refusal may name. */
  fields: readonly Path<F>[];
  /** Where a save goes: the list, which reads the records again. */
  done: string;
  /** Text key of the toast after a save, with the saved record's `name`. */
  saved: string;
  /** The duty that may save. */
  duty?: OpsDuty;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useDuty(duty);
  const form = useForm<F>({ defaultValues });
  const submit = useFormCall(form, fields);
  const [openedAt] = useState(Date.now);
  const save = (run: (values: F, submit: FormCall) => Promise<{ name: string } | null>) =>
    form.handleSubmit(async (values) => {
      const record = await run(values, submit);
      if (!record) return;
      toast.success(t(saved, { name: record.name }));
      navigate(done);
    });
  return { form, mayEdit, openedAt, save };
}

/**
 * An editor's page: back to the list, the title and its badge, why it cannot be saved (locked, or a
 * role that may only read), the fields (disabled then), a hint under them, and the save button.
 */
export function EditorFrame({
  testId,
  back,
  title,
  badge,
  locked,
  mayEdit,
  onSubmit,
  hint,
  saveTestId,
  saveLabel,
  busy,
  children,
}: {
  testId: string;
  back: { to: string; label: string };
  title: string;
  badge?: ReactNode;
  /** Why the record can no longer be edited, or null. */
  locked: string | null;
  mayEdit: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  hint?: string;
  saveTestId: string;
  saveLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="page" data-testid={testId}>
      <header className="page__head">
        <Link to={back.to} className="btn btn--ghost">
          ← {back.label}
        </Link>
        <h1 className="page__title">
          {title} {badge}
        </h1>
      </header>
      {locked && (
        <p className="note note--locked" data-testid="locked">
          {locked}
        </p>
      )}
      {!mayEdit && <p className="note">{t('problem.forbidden')}</p>}
      {/* The form's rules and the server judge the fields, in the operator's language; not the browser. */}
      <form className="card form" onSubmit={onSubmit} noValidate>
        <fieldset className="form__fields" disabled={!!locked || !mayEdit}>
          {children}
        </fieldset>
        {hint && <p className="field__hint">{hint}</p>}
        {!locked && mayEdit && (
          <div className="decisions">
            <button type="submit" className="btn btn--primary" disabled={busy} data-testid={saveTestId}>
              {saveLabel}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
