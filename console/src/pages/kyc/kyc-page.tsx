import type { KycItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import { userReview } from '../../queue/user-review';

const spec = userReview<KycItem>({
  route: 'kyc',
  title: 'nav.kyc',
  statuses: ['review', 'verified', 'rejected'],
  targetType: 'identity_kyc',
  columns: [{ label: 'kyc.name', value: (k) => k.name }],
  details: [
    { label: 'kyc.name', value: (k) => k.name },
    { label: 'kyc.docType', value: (k, s) => s.t(`kyc.doc.${k.docType}`) },
    { label: 'kyc.idNumber', value: (k) => <code>{k.idNumber}</code> },
  ],
  images: (k) => [
    { label: 'kyc.front', id: k.frontId },
    { label: 'kyc.back', id: k.backId },
    { label: 'kyc.hand', id: k.handId },
  ],
  approve: { label: 'action.approve', run: (call, k) => call('kyc/approve', { id: k.id }) },
  refuse: { title: 'kyc.refuseTitle', run: (call, k, reason) => call('kyc/reject', { id: k.id, reason }) },
});

/** The identity verification queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
