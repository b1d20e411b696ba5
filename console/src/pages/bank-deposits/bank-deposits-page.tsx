import type { BankDepositItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import type { QueueSpec } from '../../queue/spec';

const spec: QueueSpec<BankDepositItem> = {
  route: 'bank-deposits',
  title: 'nav.bankDeposits',
  statuses: ['review', 'confirmed', 'rejected'],
  targetType: 'bank_deposits',
  columns: [
    { label: 'field.account', value: (d) => d.account },
    { label: 'bank.amount', value: (d, s) => `${s.decimal(d.amount)} ${d.currency}` },
    { label: 'bank.credit', value: (d, s) => `${s.decimal(d.credit)} ${d.coin}` },
    { label: 'field.submitted', value: (d, s) => s.moment(d.createdAt) },
  ],
  details: [
    { label: 'field.account', value: (d) => `${d.account} (#${d.userId})` },
    { label: 'bank.amount', value: (d, s) => `${s.decimal(d.amount)} ${d.currency}` },
    { label: 'bank.rate', value: (d, s) => s.decimal(d.rate) },
    { label: 'bank.credit', value: (d, s) => `${s.decimal(d.credit)} ${d.coin}` },
    { label: 'bank.payer', value: (d) => d.payerName },
    { label: 'bank.reference', value: (d) => <code>{d.reference}</code> },
    { label: 'bank.card', value: (d) => `${d.cardBank} · ${d.cardNumber}` },
    { label: 'field.submitted', value: (d, s) => s.moment(d.createdAt) },
    {
      label: 'field.decidedBy',
      value: (d, s) => (d.decidedBy ? `${d.decidedBy} · ${s.moment(d.decidedAt)}` : '—'),
    },
    { label: 'field.reason', value: (d) => d.reason ?? '—' },
  ],
  images: (d) => [{ label: 'bank.proof', id: d.proofId }],
  decisions: [
    {
      label: 'action.confirm',
      kind: 'approve',
      run: (call, d) => call('bank-deposits/confirm', { id: d.id }),
    },
    {
      label: 'action.refuse',
      kind: 'refuse',
      ask: { title: 'bank.refuseTitle', label: 'reason.label' },
      run: (call, d, reason) => call('bank-deposits/reject', { id: d.id, reason }),
    },
  ],
};

/** The bank deposit queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
