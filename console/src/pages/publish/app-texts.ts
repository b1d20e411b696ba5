// The app's own words around an article (`content:news.pinned`, `help.tag`, `news.edited`) in the
// article's language, read from the app's locale files, so the preview shows what a reader sees.
import { useEffect, useState } from 'react';
import type { Lang } from '../../../../domain/locale';
import type { ArticleTexts } from '../../../../src/pages/news';

const files = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  '../../../../locales/*/content.json',
);

/** The texts of one language's `content` file for an article; English words until it is loaded. */
export function articleTextsOf(content: Record<string, Record<string, unknown>>): ArticleTexts {
  const word = (group: string, key: string, fallback: string) => {
    const v = content[group]?.[key];
    return typeof v === 'string' ? v : fallback;
  };
  return {
    pinned: word('news', 'pinned', 'Pinned'),
    help: word('help', 'tag', 'Help'),
    edited: word('news', 'edited', 'edited'),
  };
}

/** The app's article texts in `lang`. */
export function useArticleTexts(lang: Lang): ArticleTexts {
  const [texts, setTexts] = useState<{ lang: Lang; texts: ArticleTexts } | null>(null);
  useEffect(() => {
    let live = true;
    const file = files[`../../../../locales/${lang}/content.json`];
    void file?.().then((m) => live && setTexts({ lang, texts: articleTextsOf(m.default) }));
    return () => {
      live = false;
    };
  }, [lang]);
  return texts?.lang === lang ? texts.texts : articleTextsOf({});
}
