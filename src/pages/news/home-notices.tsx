import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/content.css';
import { useNewsList } from './use-news';

/** Most notices shown on home. */
const MAX_NOTICES = 3;

/**
 * Pinned notices on home: the device's copy first, then the server's. Loaded after home's first
 * render (its own chunk), so it never weighs on the first load; renders nothing without notices.
 */
export function HomeNotices() {
  const { t } = useTranslation('content');
  const list = useNewsList({ pinned: true });
  const items = (list.items ?? []).slice(0, MAX_NOTICES);
  if (items.length === 0) return null;
  return (
    <section className="card notices" data-testid="home-notices" aria-label={t('news.notices')}>
      <h2 className="card__title notices__head">
        <span>{t('news.notices')}</span>
        <Link className="notices__more" to="/pages/home/news">
          {t('news.more')}
        </Link>
      </h2>
      <ul className="notices__list">
        {items.map((n) => (
          <li key={n.id}>
            <Link
              className="notices__item"
              to={`/pages/home/newsDetail?id=${n.id}`}
              data-testid="home-notice"
            >
              <Icon name="info" size={16} />
              <span className="notices__title">{n.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
