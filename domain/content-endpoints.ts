import type { E, Empty, EndpointTable } from './endpoint-def';
import type { KefuHistory, KefuMessage, KefuSendReq } from './kefu-types';
import type { ListingApplication, ListingReq } from './listing-types';
import type { Lang } from './locale';
import type { NewsArticle, NewsCover, NewsSummary } from './news-types';
import type { LiveStream } from './zhibo-types';

/** Filters of the article list; the newest first, pinned notices before the rest. */
export interface NewsListReq {
  lang: Lang;
  /** Only articles tagged as help (the help centre). */
  help?: boolean | string;
  /** Only pinned notices (home). */
  pinned?: boolean | string;
  /** Words searched in title and body. */
  q?: string;
  /** Articles published before this id (paging). */
  before?: number;
  limit?: number;
}

/** Endpoints of news and help centre, support chat and live stream (`news`, `kefu`, `zhibo`): request and reply types per name. */
export interface ContentEndpoints {
  'news/list': E<NewsListReq, NewsSummary[]>;
  'news/detail': E<{ id: number | string }, NewsArticle>;
  'news/cover': E<{ id: string }, NewsCover>;
  'kefu/send': E<KefuSendReq, KefuMessage>;
  'kefu/history': E<{ before?: number; limit?: number }, KefuHistory>;
  'kefu/mark': E<{ upTo: number; state: 'delivered' | 'read' }, Empty>;
  'kefu/image': E<{ id: string }, { id: string; mime: string; data: string }>;
  'kefu/unread': E<Empty, { count: number }>;
  'zhibo/current': E<Empty, LiveStream>;
  'listing/apply': E<ListingReq, ListingApplication>;
  'listing/mine': E<Empty, ListingApplication[]>;
}

/** How each endpoint of news and help centre, support chat and live stream (`news`, `kefu`, `zhibo`) is called. */
export const CONTENT_ENDPOINTS: EndpointTable<ContentEndpoints> = {
  'news/list': { method: 'GET', variant: 2, auth: false },
  'news/detail': { method: 'GET', variant: 2, auth: false },
  'news/cover': { method: 'GET', variant: 2, auth: false },
  // base64 of an image of at most KEFU_IMAGE_MAX_BYTES, with room for the encoding's 4/3 growth
  'kefu/send': { method: 'POST', variant: 3, auth: true, json: true, bodyLimit: 2 * 1024 * 1024 },
  'kefu/history': { method: 'GET', variant: 3, auth: true },
  'kefu/mark': { method: 'POST', variant: 3, auth: true },
  'kefu/image': { method: 'GET', variant: 3, auth: true },
  'kefu/unread': { method: 'GET', variant: 3, auth: true },
  'zhibo/current': { method: 'GET', variant: 2, auth: false },
  'listing/apply': { method: 'POST', variant: 3, auth: true },
  'listing/mine': { method: 'GET', variant: 3, auth: true },
};
