import type { IeoProject } from '../../../../domain/ieo-types';
import { TextAreaField } from '../../forms/controls';
import { utcOffsetLabel } from '../../forms/datetime';
import { EditorFrame, useEditor } from '../../forms/editor';
import { Inputs, type InputSpec } from '../../forms/inputs';
import type { Show } from '../../queue/spec';
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

/** The links a project may go without. */
const OPTIONAL: readonly (keyof ProjectForm)[] = ['website', 'whitepaper', 'explorer'];

/** {@link INPUTS} as the form's inputs, in the operator's language. */
const projectInputs = (t: Show['t']): InputSpec<ProjectForm>[] =>
  INPUTS.map(({ f, type, hint, mode }) => ({
    name: f,
    label: t(`reviews.ieo.field.${f}`),
    rules: OPTIONAL.includes(f) ? {} : { required: t('signIn.required') },
    input: {
      type: type ?? 'text',
      ...(mode && { inputMode: mode }),
      autoComplete: 'off',
      'data-testid': `ieo-${f}`,
      ...(hint && { title: t(hint) }),
    },
  }));

/** Creates a project, or edits one before its window opens (the server refuses later edits too). */
export function ProjectEditor({ project }: { project: IeoProject | null }) {
  const show = useShow();
  const { t } = show;
  const { form, mayEdit, openedAt, save } = useEditor<ProjectForm>({
    defaultValues: project ? projectToForm(project) : emptyProject(),
    fields: PROJECT_FIELDS,
    done: '/ieo',
    saved: 'reviews.ieo.saved',
  });
  const locked = project ? projectLocked(project, openedAt) : null;
  const onSubmit = save((v, submit) => {
    const input = projectRequest(v);
    return project ? submit('ieo/edit', { ...input, id: project.id }) : submit('ieo/create', input);
  });
  return (
    <EditorFrame
      testId="ieo-editor"
      back={{ to: '/ieo', label: t('reviews.nav.ieo') }}
      title={project ? `${project.number} · ${project.name}` : t('reviews.ieo.create')}
      badge={project && <span className="badge">{t(`reviews.ieo.phases.${project.phase}`)}</span>}
      locked={locked && t(locked, { when: show.moment(project?.opensAt) })}
      mayEdit={mayEdit}
      onSubmit={onSubmit}
      hint={t('reviews.ieo.zone', { zone: utcOffsetLabel() })}
      saveTestId="ieo-save"
      saveLabel={project ? t('action.save') : t('reviews.ieo.create')}
      busy={form.formState.isSubmitting}
    >
      <Inputs form={form} inputs={projectInputs(t)} />
      <TextAreaField
        label={t('reviews.ieo.field.description')}
        registration={form.register('description')}
        error={form.formState.errors.description}
      />
    </EditorFrame>
  );
}
