import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { NEWS_BODY_MAX, NEWS_COVER_MAX_BYTES, NEWS_TITLE_MAX } from '../../../../domain/news-types';
import { LANGS, LANG_NAMES, isLang, type Lang } from '../../../../domain/locale';
import { ArticleView } from '../../../../src/pages/news';
import { formatDateTime } from '../../../../src/i18n/format';
import type { ArticleFields, OpsArticle } from '../../../worker/routes';
import { useDuty } from '../../core/session';
import { toast } from '../../core/toast';
import { useCall } from '../../core/use-call';
import { useTranslation } from '../../core/use-translation';
import { base64Of } from '../inbox/chat-image';
import { useArticleTexts } from './app-texts';
import { flagsOf, kindOf, KINDS, type Kind } from './kinds';

interface Draft {
  lang: Lang;
  kind: Kind;
  title: string;
  body: string;
  /** A new cover picked here (base64), or null. */
  cover: { mime: string; data: string } | null;
  removeCover: boolean;
}

const blank = (lang: Lang): Draft => ({
  lang,
  kind: 'news',
  title: '',
  body: '',
  cover: null,
  removeCover: false,
});

const draftOf = (a: OpsArticle): Draft => ({
  lang: isLang(a.lang) ? a.lang : 'en',
  kind: kindOf(a),
  title: a.title,
  body: a.body,
  cover: null,
  removeCover: false,
});

/** A cover made small enough for the server (NEWS_COVER_MAX_BYTES), as JPEG or its own type. */
async function coverOf(file: File): Promise<{ mime: string; data: string }> {
  if (!file.type.startsWith('image/')) throw new TypeError(file.type);
  const { default: compress } = await import('browser-image-compression');
  const small = await compress(file, {
    maxSizeMB: (NEWS_COVER_MAX_BYTES * 0.9) / (1024 * 1024),
    maxWidthOrHeight: 1280,
    useWebWorker: false,
    ...(!['image/jpeg', 'image/png', 'image/webp'].includes(file.type) && { fileType: 'image/jpeg' }),
  });
  return { mime: small.type, data: base64Of(new Uint8Array(await small.arrayBuffer())) };
}

/** The article being written, as the app will render it (the app's own component and texts). */
function Preview({ draft, saved }: { draft: Draft; saved: OpsArticle | null }) {
  const { t } = useTranslation();
  const texts = useArticleTexts(draft.lang);
  const body = useDeferredValue(draft.body);
  // The moment the preview opened stands for "now" (the publishing time a reader will see).
  const [now] = useState(() => Date.now());
  const hasOldCover = saved?.coverId && !draft.removeCover;
  const cover = draft.cover ? (
    <img className="article__cover" src={`data:${draft.cover.mime};base64,${draft.cover.data}`} alt="" />
  ) : hasOldCover ? (
    <div className="article__cover article__cover--empty" title={t('publish.coverKept')} />
  ) : null;
  return (
    <div className="preview" data-testid="preview" lang={draft.lang}>
      <p className="preview__label">{t('publish.preview')}</p>
      <div className="preview__phone">
        <ArticleView
          article={{
            ...flagsOf(draft.kind),
            title: draft.title || '…',
            body,
            publishedAt: saved?.publishedAt ?? now,
            updatedAt: now,
          }}
          cover={cover}
          texts={texts}
          date={(at) => (
            <time dateTime={new Date(at).toISOString()}>
              {formatDateTime(new Date(at).toISOString(), draft.lang)}
            </time>
          )}
          fallback={<p className="loading">…</p>}
        />
      </div>
    </div>
  );
}

/** The article's fields: language, kind, title, Markdown body, cover. */
function EditorFields({
  draft,
  readOnly,
  hasCover,
  onChange,
  onCover,
  onRemoveCover,
}: {
  draft: Draft;
  readOnly: boolean;
  hasCover: boolean;
  onChange: (patch: Partial<Draft>) => void;
  onCover: (file: File | undefined) => void;
  onRemoveCover: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={readOnly} className="editor__fields">
      <div className="editor__row">
        <label className="field">
          <span className="field__label">{t('publish.lang')}</span>
          <select
            value={draft.lang}
            data-testid="article-lang"
            onChange={(e) => isLang(e.target.value) && onChange({ lang: e.target.value })}
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('publish.kind')}</span>
          <select
            value={draft.kind}
            data-testid="article-kind"
            onChange={(e) => onChange({ kind: e.target.value as Kind })}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`publish.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="note">{t(`publish.kindHint.${draft.kind}`)}</p>
      <label className="field">
        <span className="field__label">{t('publish.titleField')}</span>
        <input
          className="field__input"
          value={draft.title}
          maxLength={NEWS_TITLE_MAX}
          data-testid="article-title"
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('publish.body')}</span>
        <textarea
          className="field__input editor__body"
          rows={14}
          value={draft.body}
          maxLength={NEWS_BODY_MAX}
          data-testid="article-body"
          onChange={(e) => onChange({ body: e.target.value })}
        />
        <span className="note">{t('publish.markdownHint')}</span>
      </label>
      <div className="editor__row">
        <label className="btn">
          {t('publish.cover')}
          <input
            type="file"
            accept="image/*"
            hidden
            data-testid="article-cover"
            onChange={(e) => onCover(e.target.files?.[0])}
          />
        </label>
        {hasCover && (
          <button type="button" className="btn btn--ghost" onClick={onRemoveCover}>
            {t('publish.removeCover')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** Publish or save, and withdraw a published article. */
function EditorActions({
  saved,
  disabled,
  onWithdraw,
}: {
  saved: boolean;
  disabled: boolean;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row-actions">
      <button type="submit" className="btn btn--primary" disabled={disabled} data-testid="article-save">
        {saved ? t('publish.save') : t('publish.publish')}
      </button>
      {saved && (
        <button type="button" className="btn btn--danger" onClick={onWithdraw} data-testid="article-withdraw">
          {t('publish.withdraw')}
        </button>
      )}
    </div>
  );
}

/** Looks an article up by id when `wanted` (the list route has no single-article read). */
function useSavedArticle(id: number | null, wanted: boolean, onFound: (a: OpsArticle | null) => void) {
  const call = useCall();
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  useEffect(() => {
    if (!wanted || id === null) return;
    let live = true;
    void call('news', {}).then((rows) => {
      if (live) found.current(rows?.find((a) => a.id === id) ?? null);
    });
    return () => {
      live = false;
    };
  }, [call, id, wanted]);
}

/** Writes a new article or edits one (publish, save, withdraw), beside its preview. */
export function ArticleEditor() {
  const { t, lang: mine } = useTranslation();
  const call = useCall();
  const navigate = useNavigate();
  const support = useDuty('support');
  const { id } = useParams();
  const passed = useLocation().state as OpsArticle | null;
  const articleId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [saved, setSaved] = useState<OpsArticle | null | undefined>(
    articleId === null ? null : passed?.id === articleId ? passed : undefined,
  );
  const [draft, setDraft] = useState<Draft>(() =>
    saved ? draftOf(saved) : blank(isLang(mine) ? mine : 'en'),
  );
  const [busy, setBusy] = useState(false);

  // Opened by its address (no list row handed over): found among the articles.
  useSavedArticle(articleId, saved === undefined, (found) => {
    setSaved(found);
    if (found) setDraft(draftOf(found));
  });

  const readOnly = !support || (saved?.withdrawnAt ?? null) !== null;
  const problem = !draft.title.trim() || !draft.body.trim();

  const save = async () => {
    if (problem || busy) return;
    const fields: ArticleFields = {
      lang: draft.lang,
      title: draft.title.trim(),
      body: draft.body,
      ...flagsOf(draft.kind),
      ...(draft.cover && { coverMime: draft.cover.mime, coverData: draft.cover.data }),
    };
    setBusy(true);
    const out = saved
      ? await call('news/update', {
          ...fields,
          id: saved.id,
          ...(draft.removeCover && { removeCover: true }),
        })
      : await call('news/publish', fields);
    setBusy(false);
    if (!out) return;
    toast.success(t(saved ? 'publish.saved' : 'publish.publishedToast'));
    setSaved(out);
    setDraft(draftOf(out));
    if (!saved) navigate(`/publish/${out.id}`, { replace: true, state: out });
  };

  const withdraw = async () => {
    if (!saved || !window.confirm(t('publish.withdrawConfirm', { title: saved.title }))) return;
    const out = await call('news/withdraw', { id: saved.id });
    if (!out) return;
    toast.success(t('publish.withdrawnToast'));
    setSaved(out);
  };

  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    try {
      const cover = await coverOf(file);
      setDraft((d) => ({ ...d, cover, removeCover: false }));
    } catch (err) {
      console.error('cover failed', err);
      toast.error(t('publish.coverFailed'));
    }
  };

  if (saved === undefined) return <p className="loading">…</p>;
  if (articleId !== null && saved === null)
    return (
      <p className="empty" data-testid="article-missing">
        {t('publish.missing')}
      </p>
    );
  return (
    <section className="page" data-testid="article-editor">
      <header className="page__head">
        <h1 className="page__title">{saved ? t('publish.editTitle', { id: saved.id }) : t('publish.new')}</h1>
        {saved?.withdrawnAt && <span className="badge badge--rejected">{t('publish.withdrawn')}</span>}
        <button type="button" className="btn" onClick={() => navigate('/publish')}>
          {t('publish.back')}
        </button>
      </header>
      <div className="editor">
        <form
          className="card editor__form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <EditorFields
            draft={draft}
            readOnly={readOnly}
            hasCover={Boolean(draft.cover || (saved?.coverId && !draft.removeCover))}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onCover={(f) => void pickCover(f)}
            onRemoveCover={() =>
              setDraft((d) => ({ ...d, cover: null, removeCover: saved?.coverId ? true : d.removeCover }))
            }
          />
          {!readOnly && (
            <EditorActions
              saved={saved !== null}
              disabled={problem || busy}
              onWithdraw={() => void withdraw()}
            />
          )}
        </form>
        <Preview draft={draft} saved={saved} />
      </div>
    </section>
  );
}
