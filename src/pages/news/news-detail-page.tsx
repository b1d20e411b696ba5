import { Link, useSearchParams } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { DataAge } from '../../components/data-age';
import { ArticleView } from './article-view';
import { ArticleDate } from './news-list';
import { useArticle, useCover } from './use-news';

function Cover({ id }: { id: string }) {
  const url = useCover(id);
  return url ? (
    <img className="article__cover" src={url} alt="" />
  ) : (
    <div className="article__cover article__cover--empty" />
  );
}

const idOf = (v: string | null) => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /pages/home/newsDetail?id=…: one article, from the device when offline, with its date. */
export function NewsDetailPage() {
  const { t } = useTranslation(['content', 'common']);
  const [params] = useSearchParams();
  const { article, cachedAt, state, reload } = useArticle(idOf(params.get('id')));
  let body;
  if (state === 'loading') {
    body = (
      <div className="state">
        <Spinner size={28} />
      </div>
    );
  } else if (state === 'missing' || state === 'failed' || !article) {
    body = (
      <div className="state" data-testid={state === 'failed' ? 'article-failed' : 'article-missing'}>
        <span className="state__icon">
          <Icon name={state === 'failed' ? 'wifiOff' : 'news'} size={32} />
        </span>
        <p className="state__text">
          {state === 'failed' ? t('news.articleOffline') : t('news.articleMissing')}
        </p>
        {state === 'failed' ? (
          <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
            {t('common:actions.retry')}
          </button>
        ) : (
          <Link className="btn btn--secondary" to="/pages/home/news" replace>
            {t('news.back')}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <ArticleView
        article={article}
        cover={article.coverId && <Cover id={article.coverId} />}
        texts={{ pinned: t('news.pinned'), help: t('help.tag'), edited: t('news.edited') }}
        date={(at) => <ArticleDate at={at} />}
        afterMeta={cachedAt !== null && <DataAge at={cachedAt} testId="article-age" />}
        fallback={
          <div className="state">
            <Spinner size={24} />
          </div>
        }
      />
    );
  }
  return <Screen backTo="/pages/home/news">{body}</Screen>;
}
