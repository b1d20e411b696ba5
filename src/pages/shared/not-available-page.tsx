import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useCore } from '../../core/contexts';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';

/**
 * The honest state of a page that a later release builds: its title, what is going on and a way
 * back. No sample data, no fake prices.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const { refreshSettings } = useCore();
  return (
    <Screen onRefresh={refreshSettings}>
      <div className="state" data-testid="not-available">
        <span className="state__icon">
          <Icon name="hourglass" size={32} />
        </span>
        <h2 className="state__title">{t('notAvailable.title')}</h2>
        <p className="state__text">{t('notAvailable.body')}</p>
        <Link className="btn btn--secondary" to="/pages/home/home">
          {t('actions.home')}
        </Link>
      </div>
    </Screen>
  );
}

/** Any path outside spec §2. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Screen title={t('page.notFound')}>
      <div className="state">
        <span className="state__icon">
          <Icon name="info" size={32} />
        </span>
        <h2 className="state__title">{t('page.notFound')}</h2>
        <Link className="btn btn--secondary" to="/pages/home/home">
          {t('actions.home')}
        </Link>
      </div>
    </Screen>
  );
}
