import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../components/loading-indicator';
import { OfflineBanner } from '../components/offline-banner';
import { TradePasswordPromptProvider } from '../core/trade-password-prompt';
import { useLeverCloseNotices } from './lever-close-notices';
import { TabBar } from './tab-bar';
import { routeOf } from './route-table';

/** The frame around every route: offline banner, page, tab bar (on tab pages), intent modal. */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const tab = routeOf(pathname)?.tab;
  useLeverCloseNotices();
  return (
    <TradePasswordPromptProvider>
      <OfflineBanner />
      <LoadingIndicator />
      <main className={tab ? 'app app--tabbed' : 'app'}>{children}</main>
      {tab && <TabBar active={tab} />}
    </TradePasswordPromptProvider>
  );
}
