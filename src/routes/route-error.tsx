import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Icon } from '../components/icons';
import { errorMessage } from '../i18n/i18n';

/** Last line of defence: a render error shows a recoverable screen instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="app">
      <div className="state" role="alert">
        <span className="state__icon">
          <Icon name="info" size={32} />
        </span>
        <p className="state__text">{errorMessage('serverFault')}</p>
        <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
          {t('actions.reload')}
        </button>
      </div>
    </main>
  );
}
