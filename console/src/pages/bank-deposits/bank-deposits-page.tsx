import type { BankDepositItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import { userReview } from '../../queue/user-review';

const spec = userReview<BankDepositItem>({
  route: 'bank-deposits',
  title: 'nav.bankDeposits',
  statuses: ['review', 'confirmed', 'rejected'],
  targetType: 'bank_deposits',
  columns: [
    { label: 'bank.amount', value: (d, s) => `${s.decimal(d.amount)} ${d.currency}` },
    { label: 'bank.credit', value: (d, s) => `${s.decimal(d.credit)} ${d.coin}` },
  ],
  details: [
    { label: 'bank.amount', value: (d, s) => `${s.decimal(d.amount)} ${d.currency}` },
    { label: 'bank.rate', value: (d, s) => s.decimal(d.rate) },
    { label: 'bank.credit', value: (d, s) => `${s.decimal(d.credit)} ${d.coin}` },
    { label: 'bank.payer', value: (d) => d.payerName },
    { label: 'bank.reference', value: (d) => <code>{d.reference}</code> },
    { label: 'bank.card', value: (d) => `${d.cardBank} · ${d.cardNumber}` },
  ],
  images: (d) => [{ label: 'bank.proof', id: d.proofId }],
  approve: { label: 'action.confirm', run: (call, d) => call('bank-deposits/confirm', { id: d.id }) },
  refuse: {
    title: 'bank.refuseTitle',
    run: (call, d, reason) => call('bank-deposits/reject', { id: d.id, reason }),
  },
});

/** The bank deposit queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
