import { isLang, type Lang } from '../../domain';
import { NEWS_PAGE_MAX, NEWS_QUERY_MAX } from '../../domain/news-types';
import { fail, notFound, bool, idField, pageFields, str, type Input, type HandlerRegistry } from '../http';
import type { NewsStore } from './store';

/** Articles per page when the caller does not say. */
export const NEWS_PAGE_SIZE = 20;

/** The language asked for, or the caller's. */
function langOf(input: Input, fallback: Lang): Lang {
  const text = str(input, 'lang').trim();
  if (text === '') return fallback;
  if (!isLang(text)) throw fail('badRequest', 'lang');
  return text;
}

/** Search words: lower case, at most 5, from a query of at most NEWS_QUERY_MAX characters. */
export function searchWords(q: string): string[] {
  const text = q.trim().toLowerCase();
  if ([...text].length > NEWS_QUERY_MAX) throw fail('textTooLong', 'q');
  return [...new Set(text.split(/\s+/).filter(Boolean))].slice(0, 5);
}

/** Public reads of news, notices and the help centre (variant 2, no session). */
export function registerNewsRoutes(registry: HandlerRegistry, store: NewsStore): void {
  registry.add('news/list', (ctx) =>
    store.list({
      lang: langOf(ctx.input, ctx.lang),
      help: bool(ctx.input, 'help'),
      pinned: bool(ctx.input, 'pinned'),
      words: searchWords(str(ctx.input, 'q')),
      ...pageFields(ctx.input, NEWS_PAGE_SIZE, NEWS_PAGE_MAX),
    }),
  );
  registry.add('news/detail', async (ctx) => {
    const article = await store.published(idField(ctx.input, 'id'));
    if (!article) throw notFound();
    return article;
  });
  registry.add('news/cover', async (ctx) => {
    const cover = await store.cover(str(ctx.input, 'id').trim());
    if (!cover) throw notFound();
    return cover;
  });
}
