import { useCallback, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { LANGS, LANG_NAMES, isLang } from '../../../../domain/locale';
import type { OpsArticle } from '../../../worker/routes';
import { moment } from '../../core/format';
import { useDuty } from '../../core/session';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { ArticleEditor } from './article-editor';
import { kindOf, KINDS, type Kind } from './kinds';
import './publish.css';

/** The articles of one language (all by default), newest first, with their kind and state. */
function ArticleList() {
  const { t, locale } = useTranslation();
  const call = useCall();
  const navigate = useNavigate();
  const support = useDuty('support');
  const [lang, setLang] = useState('');
  const [kind, setKind] = useState<Kind | ''>('');
  const load = useCallback(() => call('news', lang ? { lang } : {}), [call, lang]);
  const { data, reload } = useLoad(load);
  const rows = data?.filter((a) => kind === '' || kindOf(a) === kind);
  const open = (a: OpsArticle) => navigate(`/publish/${a.id}`, { state: a });
  return (
    <section className="page" data-testid="publish">
      <header className="page__head">
        <h1 className="page__title">{t('publish.title')}</h1>
        <label className="filter">
          <span>{t('publish.lang')}</span>
          <select value={lang} data-testid="publish-lang" onChange={(e) => setLang(e.target.value)}>
            <option value="">{t('publish.allLangs')}</option>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('publish.kind')}</span>
          <select
            value={kind}
            data-testid="publish-kind"
            onChange={(e) => setKind(e.target.value as Kind | '')}
          >
            <option value="">{t('publish.allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`publish.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {support && (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="publish-new"
            onClick={() => navigate('/publish/new')}
          >
            {t('publish.new')}
          </button>
        )}
      </header>
      {data === undefined ? (
        <p className="loading">…</p>
      ) : data === null ? (
        <div className="empty">
          <p>{t('publish.failed')}</p>
          <button type="button" className="btn" onClick={reload}>
            {t('action.refresh')}
          </button>
        </div>
      ) : !rows || rows.length === 0 ? (
        <p className="empty" data-testid="publish-empty">
          {t('publish.empty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('publish.titleField')}</th>
                <th>{t('publish.lang')}</th>
                <th>{t('publish.kind')}</th>
                <th>{t('publish.published')}</th>
                <th>{t('publish.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr
                  key={a.id}
                  className="table__row--link"
                  tabIndex={0}
                  data-testid="article-row"
                  onClick={() => open(a)}
                  onKeyDown={(e) => e.key === 'Enter' && open(a)}
                >
                  <td className="num">{a.id}</td>
                  <td data-label={t('publish.titleField')}>{a.title}</td>
                  <td data-label={t('publish.lang')}>{isLang(a.lang) ? LANG_NAMES[a.lang] : a.lang}</td>
                  <td data-label={t('publish.kind')}>{t(`publish.kinds.${kindOf(a)}`)}</td>
                  <td data-label={t('publish.published')}>
                    {moment(a.publishedAt, locale)} · {a.createdBy}
                  </td>
                  <td>
                    <span className={`badge badge--${a.withdrawnAt ? 'rejected' : 'approved'}`}>
                      {t(a.withdrawnAt ? 'publish.withdrawn' : 'publish.live')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Publishing: the list, a new article, an article to edit or withdraw. */
export function Page() {
  return (
    <Routes>
      <Route index element={<ArticleList />} />
      <Route path="new" element={<ArticleEditor />} />
      <Route path=":id" element={<ArticleEditor />} />
    </Routes>
  );
}
