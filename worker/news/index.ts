// The news area's face: its WorkerModule and the types pages see.
export { newsModule, type NewsApi } from './module';
export type { CachedArticle, CachedNews, NewsFilter } from './news-cache';
