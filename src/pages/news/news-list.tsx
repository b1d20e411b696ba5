import { Link } from 'react-router-dom';
import type { NewsSummary } from '../../../domain/news-types';
import { usePrefs } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import { formatDateTime } from '../../i18n/format';
import { useCover } from './use-news';

/** A date of an article (ms since the epoch) in the UI language. */
export function ArticleDate({ at }: { at: number }) {
  const { lang } = usePrefs();
  const iso = new Date(at).toISOString();
  return <time dateTime={iso}>{formatDateTime(iso, lang)}</time>;
}

function Thumb({ id }: { id: string }) {
  const url = useCover(id);
  return url ? (
    <img className="news-item__cover" src={url} alt="" width={72} height={72} />
  ) : (
    <span className="news-item__cover news-item__cover--empty" />
  );
}

/** Article rows: cover, title (with a pinned badge), excerpt and date; each opens the article. */
export function NewsList({ items }: { items: readonly NewsSummary[] }) {
  const { t } = useTranslation('content');
  return (
    <ul className="news-list" data-testid="news-list">
      {items.map((a) => (
        <li key={a.id}>
          <Link className="news-item" to={`/pages/home/newsDetail?id=${a.id}`} data-testid="news-item">
            {a.coverId && <Thumb id={a.coverId} />}
            <span className="news-item__text">
              <span className="news-item__title">
                {a.pinned && <span className="badge badge--pinned">{t('news.pinned')}</span>}
                {a.title}
              </span>
              <span className="news-item__excerpt">{a.excerpt}</span>
              <span className="news-item__date">
                <ArticleDate at={a.publishedAt} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
