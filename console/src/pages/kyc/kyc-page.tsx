import type { KycItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import type { QueueSpec } from '../../queue/spec';

const refuse = { title: 'kyc.refuseTitle', label: 'reason.label' };

const spec: QueueSpec<KycItem> = {
  route: 'kyc',
  title: 'nav.kyc',
  statuses: ['review', 'verified', 'rejected'],
  targetType: 'identity_kyc',
  columns: [
    { label: 'field.account', value: (k) => k.account },
    { label: 'kyc.name', value: (k) => k.name },
    { label: 'field.submitted', value: (k, s) => s.moment(k.createdAt) },
  ],
  details: [
    { label: 'field.account', value: (k) => `${k.account} (#${k.userId})` },
    { label: 'kyc.name', value: (k) => k.name },
    { label: 'kyc.docType', value: (k, s) => s.t(`kyc.doc.${k.docType}`) },
    { label: 'kyc.idNumber', value: (k) => <code>{k.idNumber}</code> },
    { label: 'field.submitted', value: (k, s) => s.moment(k.createdAt) },
    {
      label: 'field.decidedBy',
      value: (k, s) => (k.decidedBy ? `${k.decidedBy} · ${s.moment(k.decidedAt)}` : '—'),
    },
    { label: 'field.reason', value: (k) => k.reason ?? '—' },
  ],
  images: (k) => [
    { label: 'kyc.front', id: k.frontId },
    { label: 'kyc.back', id: k.backId },
    { label: 'kyc.hand', id: k.handId },
  ],
  decisions: [
    { label: 'action.approve', kind: 'approve', run: (call, k) => call('kyc/approve', { id: k.id }) },
    {
      label: 'action.refuse',
      kind: 'refuse',
      ask: refuse,
      run: (call, k, reason) => call('kyc/reject', { id: k.id, reason }),
    },
  ],
};

/** The identity verification queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
