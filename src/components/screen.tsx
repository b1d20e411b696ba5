import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { PULL_OFFSET_HOME_PX, PULL_OFFSET_TRADE_PX } from '../../domain/constants';
import { useCore } from '../core/contexts';
import { Icon } from './icons';
import { useScreenRoute } from './screen-route';
import { PullToRefresh } from './pull-to-refresh';
import { useGoBack } from './use-go-back';

/** Props of {@link Screen}. */
export interface ScreenProps {
  children: ReactNode;
  /** Overrides the route's title. */
  title?: string;
  /** Where "back" goes when there is no history to go back to (a deep link). */
  backTo?: string;
  /** Right side of the header. */
  right?: ReactNode;
  /** Refresh action for pages with pull-to-refresh (spec §2); the route decides the offset. */
  onRefresh?: () => Promise<unknown>;
  /** Hide the header title row (the home page has its own hero). */
  bare?: boolean;
}

/**
 * The chrome of every page: header with title and back button (tab pages have none), document
 * title, the fiat blue background and pull-to-refresh, all driven by the route table.
 */
export function Screen({ children, title, backTo, right, onRefresh, bare }: ScreenProps) {
  const { t } = useTranslation();
  const { settings } = useCore();
  const route = useScreenRoute();
  const heading = title ?? (route ? t(`pages.${route.title}`) : '');
  const appName = settings?.appName ?? t('appName');

  useEffect(() => {
    document.title = heading ? `${heading} · ${appName}` : appName;
  }, [heading, appName]);

  const goBack = useGoBack(backTo ?? '/pages/home/home');

  const body = <div className="screen__body">{children}</div>;
  const offset = route?.pull === 'home' ? PULL_OFFSET_HOME_PX : PULL_OFFSET_TRADE_PX;
  return (
    <div className={`screen${route?.legal ? ' screen--legal' : ''}${route?.tab ? ' screen--tab' : ''}`}>
      {!bare && (
        <header className="topbar">
          {!route?.tab ? (
            <button type="button" className="icon-btn" onClick={goBack} aria-label={t('actions.back')}>
              <Icon name="back" />
            </button>
          ) : (
            <span className="topbar__spacer" />
          )}
          <h1 className="topbar__title">{heading}</h1>
          <span className="topbar__right">{right}</span>
        </header>
      )}
      {onRefresh && route?.pull ? (
        <PullToRefresh offset={offset} onRefresh={onRefresh}>
          {body}
        </PullToRefresh>
      ) : (
        body
      )}
    </div>
  );
}
