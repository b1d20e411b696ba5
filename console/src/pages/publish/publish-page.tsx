import { useCallback, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { LANGS, LANG_NAMES, isLang } from '../../../../domain/locale';
import type { OpsArticle } from '../../../worker/routes';
import { moment } from '../../core/format';
import { useDuty } from '../../core/session';
import { useCall } from '../../core/use-call';
import { useLoad } from '../../core/use-load';
import { useTranslation } from '../../core/use-translation';
import { DataTable, numberColumn, type Column } from '../../lists/data-table';
import { ListBody } from '../../lists/list-body';
import { FilterSelect, ListPage } from '../../lists/list-page';
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
  const rows = data && data.filter((a) => kind === '' || kindOf(a) === kind);
  const columns: Column<OpsArticle>[] = [
    numberColumn(),
    { head: t('publish.titleField'), cell: (a) => a.title },
    { head: t('publish.lang'), cell: (a) => (isLang(a.lang) ? LANG_NAMES[a.lang] : a.lang) },
    { head: t('publish.kind'), cell: (a) => t(`publish.kinds.${kindOf(a)}`) },
    {
      head: t('publish.published'),
      cell: (a) => (
        <>
          {moment(a.publishedAt, locale)} · {a.createdBy}
        </>
      ),
    },
    {
      head: t('publish.state'),
      caption: false,
      cell: (a) => (
        <span className={`badge badge--${a.withdrawnAt ? 'rejected' : 'approved'}`}>
          {t(a.withdrawnAt ? 'publish.withdrawn' : 'publish.live')}
        </span>
      ),
    },
  ];
  return (
    <ListPage
      testId="publish"
      title={t('publish.title')}
      tools={
        <>
          <FilterSelect
            label={t('publish.lang')}
            testId="publish-lang"
            value={lang}
            onChange={setLang}
            options={[
              { value: '', label: t('publish.allLangs') },
              ...LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] })),
            ]}
          />
          <FilterSelect
            label={t('publish.kind')}
            testId="publish-kind"
            value={kind}
            onChange={setKind}
            options={[
              { value: '', label: t('publish.allKinds') },
              ...KINDS.map((k) => ({ value: k, label: t(`publish.kinds.${k}`) })),
            ]}
          />
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
        </>
      }
    >
      <ListBody
        rows={rows}
        empty={{ text: t('publish.empty'), testId: 'publish-empty' }}
        failed={{ text: t('publish.failed'), retry: { label: t('action.refresh'), onClick: reload } }}
      >
        {(shown) => (
          <DataTable
            rows={shown}
            columns={columns}
            rowTestId="article-row"
            onOpen={(a) => navigate(`/publish/${a.id}`, { state: a })}
          />
        )}
      </ListBody>
    </ListPage>
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
