import { useSearchParams } from 'react-router-dom';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { HelpCentre } from './help-centre';
import { NewsListBody } from './news-states';
import { useNewsList } from './use-news';

function NewsTab() {
  const { t } = useTranslation('content');
  const list = useNewsList({});
  return (
    <NewsListBody list={list} empty={t('news.empty')} onRetry={() => void list.reload()} onMore={list.more} />
  );
}

/** /pages/home/news: the news centre (notices first) and the help centre (`?tab=help`). */
export function NewsPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const help = params.get('tab') === 'help';
  const tab = (next: boolean) => setParams(next ? { tab: 'help' } : {}, { replace: true });
  return (
    <Screen>
      <div className="segmented news-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={!help}
          className={`segmented__item${help ? '' : ' segmented__item--active'}`}
          onClick={() => tab(false)}
        >
          {t('news.tab')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={help}
          className={`segmented__item${help ? ' segmented__item--active' : ''}`}
          onClick={() => tab(true)}
          data-testid="help-tab"
        >
          {t('help.tab')}
        </button>
      </div>
      {help ? <HelpCentre /> : <NewsTab />}
    </Screen>
  );
}
