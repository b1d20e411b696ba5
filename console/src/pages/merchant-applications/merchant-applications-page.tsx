import type { MerchantApplicationItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import type { QueueSpec } from '../../queue/spec';
import '../../styles/reviews.css';

const spec: QueueSpec<MerchantApplicationItem> = {
  route: 'legal/applications',
  title: 'reviews.nav.merchantApplications',
  statuses: ['review', 'approved', 'rejected'],
  targetType: 'legal_applications',
  countKey: 'merchantApplications',
  columns: [
    { label: 'field.account', value: (a) => a.account },
    { label: 'reviews.merchant.nickname', value: (a) => a.nickname },
    { label: 'field.submitted', value: (a, s) => s.moment(a.createdAt) },
  ],
  details: [
    { label: 'field.account', value: (a) => `${a.account} (#${a.userId})` },
    { label: 'reviews.merchant.nickname', value: (a) => a.nickname },
    { label: 'field.submitted', value: (a, s) => s.moment(a.createdAt) },
    {
      label: 'field.decidedBy',
      value: (a, s) => (a.decidedBy ? `${a.decidedBy} · ${s.moment(a.decidedAt)}` : '—'),
    },
    { label: 'field.reason', value: (a) => a.reason ?? '—' },
  ],
  images: () => [],
  decisions: [
    {
      label: 'action.approve',
      kind: 'approve',
      run: (call, a) => call('legal/applications/approve', { id: a.id }),
    },
    {
      label: 'action.refuse',
      kind: 'refuse',
      ask: { title: 'reviews.merchant.refuseTitle', label: 'reason.label' },
      run: (call, a, reason) => call('legal/applications/reject', { id: a.id, reason }),
    },
  ],
};

/** The merchant application queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
