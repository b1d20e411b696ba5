// What the app makes of an article's two flags (server/news, src/pages/news): a pinned notice shows
// on home and first in the news list, a help article is listed and searched in the help centre
// (the support tab), any other is a news item of the list.
import type { NewsSummary } from '../../../../domain/news-types';

export type Kind = 'news' | 'notice' | 'help' | 'helpNotice';
export const KINDS: readonly Kind[] = ['news', 'notice', 'help', 'helpNotice'];

/** The kind of an article from its flags. */
export function kindOf(a: Pick<NewsSummary, 'pinned' | 'help'>): Kind {
  if (a.help) return a.pinned ? 'helpNotice' : 'help';
  return a.pinned ? 'notice' : 'news';
}

/** The flags of a kind. */
export function flagsOf(kind: Kind): { pinned: boolean; help: boolean } {
  return {
    pinned: kind === 'notice' || kind === 'helpNotice',
    help: kind === 'help' || kind === 'helpNotice',
  };
}
