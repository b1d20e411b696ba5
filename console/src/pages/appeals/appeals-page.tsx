import type { AppealItem } from '../../../worker/routes';
import { decidedByLine, submittedLine } from '../../queue/lines';
import { QueuePage } from '../../queue/queue-page';
import type { Call, Decision, QueueSpec } from '../../queue/spec';
import { AppealCase } from './appeal-case';
import '../../styles/reviews.css';

/** The appeal `id` as the list gives it (newest at or below `id`), or null. */
async function readAppeal(call: Call, id: number): Promise<AppealItem | null> {
  const rows = await call('legal/appeals', { before: id + 1, limit: 1 });
  const row = rows?.[0];
  return row?.id === id ? row : null;
}

/** A decision on the appeal's order: the coin to the buyer (`release`) or back to the seller. */
function decide(
  label: string,
  kind: Decision<AppealItem>['kind'],
  outcome: 'release' | 'return',
  fraud: boolean,
): Decision<AppealItem> {
  const key = fraud ? 'fraud' : outcome;
  return {
    label,
    kind,
    ask: { title: `reviews.appeal.${key}Title`, label: 'reviews.appeal.note' },
    warning: `reviews.appeal.${key}Warning`,
    run: async (call, a, note) => {
      const done = await call('legal/appeals/decide', {
        orderId: a.orderId,
        outcome,
        note,
        ...(fraud && { fraud: true }),
      });
      return done && readAppeal(call, a.id);
    },
  };
}

const spec: QueueSpec<AppealItem> = {
  route: 'legal/appeals',
  title: 'reviews.nav.appeals',
  statuses: ['open', 'decided'],
  statusText: 'reviews.appeal.status.',
  // The journal keeps a decision on the order (server/legal/order-service.ts).
  targetType: 'legal_orders',
  targetId: (a) => String(a.orderId),
  countKey: 'appeals',
  columns: [
    { label: 'reviews.appeal.order', value: (a) => `#${a.orderId}` },
    {
      label: 'reviews.appeal.openedBy',
      value: (a, s) => `${a.account} · ${s.t(`reviews.appeal.by.${a.openedBy}`)}`,
    },
    {
      label: 'reviews.appeal.amount',
      value: (a, s) => (a.amount ? `${s.decimal(a.amount)} ${a.currency ?? ''}` : '—'),
    },
    submittedLine,
  ],
  details: [
    {
      label: 'reviews.appeal.openedBy',
      value: (a, s) => `${a.account} · ${s.t(`reviews.appeal.by.${a.openedBy}`)}`,
    },
    { label: 'reviews.appeal.why', value: (a) => a.reason },
    submittedLine,
    {
      label: 'reviews.appeal.outcome',
      value: (a, s) => (a.outcome ? s.t(`reviews.appeal.outcomeIs.${a.outcome}`) : '—'),
    },
    decidedByLine<AppealItem>((a) => a.decidedAt),
  ],
  images: () => [],
  load: readAppeal,
  more: AppealCase,
  decisions: [
    decide('reviews.appeal.toBuyer', 'approve', 'release', false),
    decide('reviews.appeal.toSeller', 'approve', 'return', false),
    decide('reviews.appeal.toSellerFraud', 'refuse', 'return', true),
  ],
};

/** The P2P appeal queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
