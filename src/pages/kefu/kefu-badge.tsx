import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import { useCore, useUser } from '../../core/contexts';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/kefu.css';

/** Unread support replies on the tab (its own chunk, loaded after home's first render). */
export function KefuBadge() {
  const { t } = useTranslation();
  const { core } = useCore();
  const { user } = useUser();
  const [count, setCount] = useState(0);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let id: number | null = null;
    core.kefuWatchUnread(Comlink.proxy((n: number) => !stopped && setCount(n))).then(
      (watchId) => {
        if (stopped) void core.kefuUnwatch(watchId).catch(() => undefined);
        else id = watchId;
      },
      (e: unknown) => console.error('kefu badge failed', e),
    );
    return () => {
      stopped = true;
      if (id !== null) void core.kefuUnwatch(id).catch(() => undefined);
    };
  }, [core, userId]);
  if (userId === null || count === 0) return null;
  return (
    <span className="tabbar__badge" data-testid="kefu-badge" aria-label={t('tabs.kefu')}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
