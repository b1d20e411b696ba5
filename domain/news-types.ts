import type { Lang } from './locale';

/** An article as lists show it: no body. Times in milliseconds since the epoch. */
export interface NewsSummary {
  id: number;
  lang: Lang;
  title: string;
  /** The first characters of the body as plain text (Markdown marks removed), for lists. */
  excerpt: string;
  /** Id for `news/cover`, or null without a cover image. */
  coverId: string | null;
  /** A pinned notice: shown on home and first in lists. */
  pinned: boolean;
  /** Tagged as help: listed and searchable in the help centre. */
  help: boolean;
  publishedAt: number;
  updatedAt: number;
}

/** A whole article; `body` is Markdown of the safe subset (no raw HTML, no script links). */
export interface NewsArticle extends NewsSummary {
  body: string;
}

/** A cover image, base64 without a `data:` prefix. */
export interface NewsCover {
  id: string;
  mime: string;
  data: string;
}

/** Longest title and body, in characters; largest cover in bytes; results per page. */
export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 20_000;
export const NEWS_COVER_MAX_BYTES = 300 * 1024;
export const NEWS_PAGE_MAX = 50;
/** Longest help-centre search, in characters. */
export const NEWS_QUERY_MAX = 60;
