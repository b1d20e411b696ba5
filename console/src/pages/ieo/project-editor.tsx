import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { IeoProject } from '../../../../domain/ieo-types';
import { Field } from '../../components/field';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { TextAreaField } from '../../forms/controls';
import { utcOffsetLabel } from '../../forms/datetime';
import { useFormCall } from '../../forms/server-errors';
import { useShow } from '../../queue/use-show';
import {
  emptyProject,
  PROJECT_FIELDS,
  projectLocked,
  projectRequest,
  projectToForm,
  type ProjectForm,
} from './project-form';

/** The form's inputs: field, input type, hint key. */
const INPUTS: { f: keyof ProjectForm; type?: string; hint?: string; mode?: 'decimal' | 'numeric' }[] = [
  { f: 'name' },
  { f: 'coin', hint: 'reviews.ieo.hint.coin' },
  { f: 'coinName' },
  { f: 'coinDecimals', mode: 'numeric' },
  { f: 'quote' },
  { f: 'price', mode: 'decimal', hint: 'reviews.ieo.hint.price' },
  { f: 'lot', mode: 'decimal', hint: 'reviews.ieo.hint.lot' },
  { f: 'total', mode: 'decimal', hint: 'reviews.ieo.hint.total' },
  { f: 'cap', mode: 'decimal', hint: 'reviews.ieo.hint.cap' },
  { f: 'preheatAt', type: 'datetime-local' },
  { f: 'opensAt', type: 'datetime-local' },
  { f: 'closesAt', type: 'datetime-local' },
  { f: 'website', type: 'url' },
  { f: 'whitepaper', type: 'url' },
  { f: 'explorer', type: 'url' },
];

/** Creates a project, or edits one before its window opens (the server refuses later edits too). */
export function ProjectEditor({ project }: { project: IeoProject | null }) {
  const show = useShow();
  const { t } = show;
  const navigate = useNavigate();
  const mayReview = useDuty('review');
  const form = useForm<ProjectForm>({ defaultValues: project ? projectToForm(project) : emptyProject() });
  const submit = useFormCall(form, PROJECT_FIELDS);
  // The clock when the form was opened: whether the project had opened by then.
  const [now] = useState(Date.now);
  const locked = project ? projectLocked(project, now) : null;
  const zone = utcOffsetLabel();
  const save = form.handleSubmit(async (v) => {
    const input = projectRequest(v);
    const saved = project
      ? await submit('ieo/edit', { ...input, id: project.id })
      : await submit('ieo/create', input);
    if (!saved) return;
    toast.success(t('reviews.ieo.saved', { name: saved.name }));
    navigate('/ieo');
  });
  const required = (f: keyof ProjectForm) =>
    ['website', 'whitepaper', 'explorer'].includes(f) ? {} : { required: t('signIn.required') };
  return (
    <section className="page" data-testid="ieo-editor">
      <header className="page__head">
        <Link to="/ieo" className="btn btn--ghost">
          ← {t('reviews.nav.ieo')}
        </Link>
        <h1 className="page__title">
          {project ? `${project.number} · ${project.name}` : t('reviews.ieo.create')}{' '}
          {project && <span className="badge">{t(`reviews.ieo.phases.${project.phase}`)}</span>}
        </h1>
      </header>
      {locked && (
        <p className="note note--locked" data-testid="locked">
          {t(locked, { when: show.moment(project?.opensAt) })}
        </p>
      )}
      {!mayReview && <p className="note">{t('problem.forbidden')}</p>}
      <form className="card form" onSubmit={save} noValidate>
        <fieldset className="form__fields" disabled={!!locked || !mayReview}>
          {INPUTS.map(({ f, type, hint, mode }) => (
            <Field
              key={f}
              label={t(`reviews.ieo.field.${f}`)}
              type={type ?? 'text'}
              {...(mode && { inputMode: mode })}
              autoComplete="off"
              data-testid={`ieo-${f}`}
              registration={form.register(f, required(f))}
              error={form.formState.errors[f]}
              {...(hint && { title: t(hint) })}
            />
          ))}
          <TextAreaField
            label={t('reviews.ieo.field.description')}
            registration={form.register('description')}
            error={form.formState.errors.description}
          />
        </fieldset>
        <p className="field__hint">{t('reviews.ieo.zone', { zone })}</p>
        {!locked && mayReview && (
          <div className="decisions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={form.formState.isSubmitting}
              data-testid="ieo-save"
            >
              {project ? t('action.save') : t('reviews.ieo.create')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
