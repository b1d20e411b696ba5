import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { LANGS, LANG_NAMES, isLang, type Lang } from '../../../../domain/locale';
import type { OpsCannedReply } from '../../../../domain/ops-api';
import { Field } from '../../components/field';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { ListBody } from '../../lists/list-body';
import { FilterSelect, ListPage } from '../../lists/list-page';

/** Longest title and body (server/kefu/console-routes.ts). */
const TITLE_MAX = 100;
const BODY_MAX = 2000;

interface Draft {
  title: string;
  body: string;
}

/** Adds a canned reply, or edits one; the text stays in the form when saving fails. */
function CannedForm({
  lang,
  editing,
  onSaved,
  onCancel,
}: {
  lang: Lang;
  editing: OpsCannedReply | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const call = useCall();
  const form = useForm<Draft>({
    defaultValues: { title: editing?.title ?? '', body: editing?.body ?? '' },
  });
  const submit = form.handleSubmit(async ({ title, body }) => {
    const saved = await call('kefu/canned/save', {
      ...(editing && { id: editing.id }),
      lang: editing ? (editing.lang as Lang) : lang,
      title: title.trim(),
      body: body.trim(),
    });
    if (!saved) return;
    toast.success(t('canned.saved'));
    form.reset({ title: '', body: '' });
    onSaved();
  });
  const bodyError = form.formState.errors.body?.message;
  return (
    <form className="card canned-form" onSubmit={submit} data-testid="canned-form">
      <h2 className="card__title">{editing ? t('canned.edit') : t('canned.new')}</h2>
      <Field
        label={t('canned.titleField')}
        maxLength={TITLE_MAX}
        data-testid="canned-title"
        registration={form.register('title', { validate: (v) => v.trim() !== '' || t('reason.required') })}
        error={form.formState.errors.title}
      />
      <div className={`field${bodyError ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor="canned-body">
          {t('canned.body')}
        </label>
        <textarea
          id="canned-body"
          className="field__input canned-form__body"
          rows={4}
          maxLength={BODY_MAX}
          data-testid="canned-body"
          {...form.register('body', { validate: (v) => v.trim() !== '' || t('reason.required') })}
        />
        {bodyError && (
          <p className="field__error" role="alert">
            {bodyError}
          </p>
        )}
      </div>
      <div className="row-actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.formState.isSubmitting}
          data-testid="canned-save"
        >
          {t('canned.save')}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('action.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The canned replies of one language: list, add, edit, delete (after a confirmation). */
export function CannedPage() {
  const { t, lang: mine } = useTranslation();
  const call = useCall();
  const support = useDuty('support');
  const [lang, setLang] = useState<Lang>(isLang(mine) ? mine : 'en');
  const [editing, setEditing] = useState<OpsCannedReply | null>(null);
  const load = useCallback(() => call('kefu/canned', { lang }), [call, lang]);
  const { data: rows, reload } = useLoad(load);
  const remove = async (c: OpsCannedReply) => {
    if (!window.confirm(t('canned.deleteConfirm', { title: c.title }))) return;
    if (await call('kefu/canned/delete', { id: c.id })) reload();
  };
  return (
    <ListPage
      testId="canned"
      title={t('canned.title')}
      tools={
        <>
          <FilterSelect
            label={t('canned.lang')}
            testId="canned-lang"
            value={lang}
            onChange={(l) => {
              if (!isLang(l)) return;
              setLang(l);
              setEditing(null);
            }}
            options={LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))}
          />
          <Link className="btn" to="/inbox">
            {t('inbox.back')}
          </Link>
        </>
      }
    >
      <ListBody
        rows={rows}
        empty={{ text: t('canned.empty'), testId: 'canned-empty' }}
        failed={{ text: t('inbox.failed'), retry: { label: t('action.refresh'), onClick: reload } }}
      >
        {(shown) => (
          <ul className="canned-list">
            {shown.map((c) => (
              <li key={c.id} className="card canned-item" data-testid="canned-row">
                <h3 className="canned-item__title">{c.title}</h3>
                <p className="canned-item__body">{c.body}</p>
                {support && (
                  <div className="row-actions">
                    <button type="button" className="btn" onClick={() => setEditing(c)}>
                      {t('canned.editButton')}
                    </button>
                    <button type="button" className="btn btn--danger" onClick={() => void remove(c)}>
                      {t('canned.delete')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListBody>
      {support && (
        <CannedForm
          key={`${lang}:${editing?.id ?? 'new'}`}
          lang={lang}
          editing={editing}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </ListPage>
  );
}
