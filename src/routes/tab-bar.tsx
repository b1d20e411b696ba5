import { useTranslation } from '../i18n/use-translation';
import { Suspense, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { afterLoad } from '../core/after-first-render';
import { useUser } from '../core/contexts';
import { Icon } from '../components/icons';
import type { IconName } from '../components/icons';
import { KefuBadge } from '../pages/kefu';
import { TABS } from './route-table';
import type { TabId } from './route-table';

const ICONS: Record<TabId, IconName> = {
  home: 'home',
  market: 'market',
  entrust: 'orders',
  kefu: 'support',
  mine: 'user',
};

/** The five-entry tab bar of spec §2, above the home indicator (safe-area inset). */
export function TabBar({ active }: { active: TabId }) {
  const { t } = useTranslation();
  const signedIn = useUser().user !== null;
  const [badge, setBadge] = useState(false);
  useEffect(() => afterLoad(() => setBadge(true)), []);
  return (
    <nav className="tabbar" aria-label="Main">
      {TABS.map((tab) => (
        <NavLink
          key={tab.id}
          to={tab.path}
          replace
          className={`tabbar__item${tab.id === active ? ' tabbar__item--active' : ''}`}
          aria-current={tab.id === active ? 'page' : undefined}
          title={tab.id === 'entrust' ? t('tabs.entrustHint') : undefined}
        >
          <Icon name={ICONS[tab.id]} size={24} />
          <span className="tabbar__label">{t(`tabs.${tab.id}`)}</span>
          {tab.id === 'kefu' && badge && signedIn && (
            <Suspense fallback={null}>
              <KefuBadge />
            </Suspense>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
