import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Icon } from '../components/icons';

/** Last line of defence: a render error shows a recoverable screen instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <main className="app">
      <div className="state" role="alert">
        <span className="state__icon">
          <Icon name="info" size={32} />
        </span>
        <p className="state__text">{t('errors:serverFault')}</p>
        <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
          {t('actions.reload')}
        </button>
      </div>
    </main>
  );
}

/** Catches render errors of any route and shows RouteError. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
