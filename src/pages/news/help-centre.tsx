import { useEffect, useState } from 'react';
import { NEWS_QUERY_MAX } from '../../../domain/news-types';
import { useTranslation } from '../../i18n/use-translation';
import { useNewsList } from './use-news';
import { NewsListBody } from './news-states';

/** Delay between the last keystroke and the search, in milliseconds. */
const SEARCH_DELAY_MS = 300;

/** The help centre: articles tagged as help, searchable by words in title and body. */
export function HelpCentre() {
  const { t } = useTranslation('content');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useNewsList({ help: true, q });
  return (
    <section className="help-centre" data-testid="help-centre">
      <input
        className="c-input news-search"
        type="search"
        inputMode="search"
        enterKeyHint="search"
        maxLength={NEWS_QUERY_MAX}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('help.search')}
        aria-label={t('help.search')}
        data-testid="help-search"
      />
      <NewsListBody
        list={list}
        empty={q ? t('help.noMatch') : t('help.empty')}
        onRetry={() => void list.reload()}
        onMore={list.more}
      />
    </section>
  );
}
