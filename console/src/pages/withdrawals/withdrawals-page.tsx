import type { WithdrawalItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import { userReview } from '../../queue/user-review';

/** A chain transaction id as the server takes it (server/assets/withdrawals/ops-routes.ts). */
const TXID = /^[A-Za-z0-9_-]{8,128}$/;

const spec = userReview<WithdrawalItem>({
  route: 'withdrawals',
  title: 'nav.withdrawals',
  statuses: ['review', 'approved', 'rejected', 'cancelled'],
  targetType: 'withdrawals',
  columns: [
    { label: 'withdrawal.amount', value: (w, s) => `${s.decimal(w.amount)} ${w.coin}` },
    { label: 'withdrawal.chain', value: (w) => w.chain },
  ],
  details: [
    { label: 'withdrawal.amount', value: (w, s) => `${s.decimal(w.amount)} ${w.coin}` },
    { label: 'withdrawal.fee', value: (w, s) => `${s.decimal(w.fee)} ${w.coin}` },
    { label: 'withdrawal.receive', value: (w, s) => `${s.decimal(w.receive)} ${w.coin}` },
    { label: 'withdrawal.chain', value: (w) => w.chain },
    { label: 'withdrawal.address', value: (w) => <code className="wrap">{w.address}</code> },
    { label: 'withdrawal.txid', value: (w) => (w.txid ? <code className="wrap">{w.txid}</code> : '—') },
  ],
  approve: {
    label: 'action.approve',
    ask: {
      title: 'withdrawal.approveTitle',
      label: 'withdrawal.txid',
      check: (v) => (TXID.test(v) ? null : 'withdrawal.txidInvalid'),
    },
    run: (call, w, txid) => call('withdrawals/approve', { id: w.id, txid }),
  },
  refuse: {
    title: 'withdrawal.refuseTitle',
    run: (call, w, reason) => call('withdrawals/reject', { id: w.id, reason }),
  },
});

/** The withdrawal queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
