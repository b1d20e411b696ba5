import type { ErrorKey } from './errors';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from './news-types';

// Anything that could open raw HTML: `<` followed by a letter, `/`, `!` or `?` (tags, closing tags,
// comments, doctypes, processing instructions), complete or not, since CommonMark starts some HTML
// blocks (`<script`, `<div`) without a closing `>`. Autolinks such as <https://example.com> are
// Markdown, not HTML, and are removed before the check. "2 < 3" stays allowed.
const RAW_HTML = /<[A-Za-z/!?]/;
const AUTOLINK = /<(?:https?:\/\/|mailto:)[^\s<>]*>/gi;
// Link and image targets with a scheme other than http, https and mailto (javascript:, data:,
// vbscript:, file: …), also when written with entities or whitespace to dodge a plain match.
const LINK_TARGET = /\]\(\s*<?([^)>]*)/g;
const REFERENCE_TARGET = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm;

/** Whether a link target is one the app follows: http(s), mailto, or a path on this site. */
export function safeUrl(url: string): boolean {
  const decoded = url
    .replace(/&#x?[0-9a-f]+;?/gi, '')
    .replace(/&[a-z]+;/gi, '')
    // eslint-disable-next-line no-control-regex -- control characters hide a scheme from a plain match
    .replace(/[\s\u0000-\u001f\\]/g, '')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(decoded);
  if (!scheme) return true;
  return scheme[1] === 'http' || scheme[1] === 'https' || scheme[1] === 'mailto';
}

/** Why a Markdown body is refused (raw HTML or a script link), or null when it is in the safe subset. */
export function unsafeMarkdown(body: string): ErrorKey | null {
  if (RAW_HTML.test(body.replace(AUTOLINK, ''))) return 'newsRawHtml';
  for (const re of [LINK_TARGET, REFERENCE_TARGET]) {
    re.lastIndex = 0;
    for (const m of body.matchAll(re)) if (!safeUrl(m[1] ?? '')) return 'newsUnsafeLink';
  }
  return null;
}

/** A field and the message key of its first problem. */
export interface NewsProblem {
  field: 'title' | 'body' | 'lang';
  key: ErrorKey;
}

/** Checks a title and body as an operator publishes them; null when both are fine. */
export function checkArticle(title: string, body: string): NewsProblem | null {
  const t = title.trim();
  if (!t) return { field: 'title', key: 'required' };
  if ([...t].length > NEWS_TITLE_MAX) return { field: 'title', key: 'textTooLong' };
  if (!body.trim()) return { field: 'body', key: 'required' };
  if ([...body].length > NEWS_BODY_MAX) return { field: 'body', key: 'textTooLong' };
  const unsafe = unsafeMarkdown(body);
  return unsafe ? { field: 'body', key: unsafe } : null;
}

/** The body as plain text for excerpts and search: Markdown marks dropped, whitespace folded. */
export function plainText(markdown: string, max = 140): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
