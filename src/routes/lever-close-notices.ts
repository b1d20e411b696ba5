import { useCallback } from 'react';
import type { LeverOrder } from '../../domain/lever';
import type { SettlementRule } from '../../domain/receipt';
import type { PrivateEvent } from '../../domain/spot';
import { toast } from '../components/toast';
import { useUser } from '../core/contexts';
import { loadNamespaces, translate } from '../i18n/i18n';
import { usePrivateEvents } from '../core/use-private-events';

/** Rules that close a position without the user's own action: the user must be told, wherever they are. */
const UNASKED: ReadonlySet<SettlementRule> = new Set(['tp', 'sl', 'liquidation']);

/** The closed position an event reports when a take-profit, stop-loss or liquidation closed it, else null. */
export function unaskedClose(event: PrivateEvent): (LeverOrder & { rule: SettlementRule }) | null {
  if (event.type !== 'lever' || event.order.status !== 'closed') return null;
  const rule = event.order.receipt?.rule;
  return rule && UNASKED.has(rule) ? { ...event.order, rule } : null;
}

/**
 * Tells the signed-in user, on any page, when a take-profit, stop-loss or liquidation closed one of
 * their positions (the private channel's contract event): the position would otherwise just
 * disappear. The contract texts load only when such an event comes, so no page's first load grows.
 */
export function useLeverCloseNotices(): void {
  const { user } = useUser();
  const onEvent = useCallback((event: PrivateEvent) => {
    const closed = unaskedClose(event);
    if (!closed) return;
    void loadNamespaces(['lever']).then(() => {
      const text = translate('lever:notice.closed', {
        rule: translate(`lever:rule.${closed.rule}`),
        side: translate(`lever:side.${closed.side}`),
        symbol: closed.symbol,
        multiple: closed.multiple,
      });
      // One toast per order, however many listeners or resends report it.
      toast.info(text, { id: `lever-closed:${closed.id}`, duration: 8_000 });
    });
  }, []);
  usePrivateEvents(user !== null, onEvent);
}
