import { lazy, Suspense, type ReactNode } from 'react';
import type { NewsArticle } from '../../../domain/news-types';
import './article.css';

// The Markdown renderer is the largest part of an article page: its own chunk, fetched with the
// first article (and precached for offline reading), never with home or the list.
const SafeMarkdown = lazy(() => import('./safe-markdown').then((m) => ({ default: m.SafeMarkdown })));

/** The article's words around it, in the reader's language (`content:news.pinned`, …). */
export interface ArticleTexts {
  pinned: string;
  help: string;
  edited: string;
}

/**
 * An article as a reader sees it: cover, title, its tags and dates, the body in the safe Markdown
 * subset. The app's article page and the operator console's preview both render this one component
 * (with the app's texts of the article's language), so what a publisher previews is what users get.
 */
export function ArticleView({
  article,
  cover,
  texts,
  date,
  afterMeta,
  fallback,
}: {
  article: Pick<NewsArticle, 'title' | 'body' | 'pinned' | 'help' | 'publishedAt' | 'updatedAt'>;
  /** The cover element, or null when the article has none. */
  cover: ReactNode;
  texts: ArticleTexts;
  /** A moment (ms since the epoch) as the reader's language writes it. */
  date: (at: number) => ReactNode;
  /** Shown under the dates (the app's "saved on this device" note). */
  afterMeta?: ReactNode;
  /** Shown while the renderer loads. */
  fallback: ReactNode;
}) {
  return (
    <article className="article" data-testid="article">
      {cover}
      <h2 className="article__title">{article.title}</h2>
      <p className="article__meta">
        {article.pinned && <span className="badge badge--pinned">{texts.pinned}</span>}
        {article.help && <span className="badge">{texts.help}</span>}
        {date(article.publishedAt)}
        {article.updatedAt > article.publishedAt + 60_000 && (
          <span>
            {' · '}
            {texts.edited} {date(article.updatedAt)}
          </span>
        )}
      </p>
      {afterMeta}
      <Suspense fallback={fallback}>
        <SafeMarkdown body={article.body} />
      </Suspense>
    </article>
  );
}
