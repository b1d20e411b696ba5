import Markdown from 'react-markdown';
import type { Components, UrlTransform } from 'react-markdown';
import { safeUrl } from '../../../domain/news-rules';

/**
 * Elements an article may use: text structure, emphasis, lists, quotes, code and links. Images in
 * the body are not among them (the article has its own cover), nor is any raw HTML.
 */
const ALLOWED = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'hr',
  'br',
  'a',
] as const;

/** Links to http(s), mailto or this site only; anything else (javascript:, data: …) becomes no link. */
export const articleUrl: UrlTransform = (url) => (safeUrl(url) ? url : '');

const components: Components = {
  // Links leave the app in a new context, never with this page as opener or referrer.
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/**
 * An article body in the safe subset of Markdown. Raw HTML is skipped (never parsed into elements),
 * elements outside ALLOWED are unwrapped to their text, and link targets pass `articleUrl`. The
 * server refuses such bodies on publish already; this is the second line, for what it let through.
 */
export function SafeMarkdown({ body }: { body: string }) {
  return (
    <div className="article-body">
      <Markdown
        skipHtml
        allowedElements={ALLOWED}
        unwrapDisallowed
        urlTransform={articleUrl}
        components={components}
      >
        {body}
      </Markdown>
    </div>
  );
}
