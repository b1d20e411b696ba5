import type { MerchantApplicationItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import { userReview } from '../../queue/user-review';
import '../../styles/reviews.css';

const nickname = { label: 'reviews.merchant.nickname', value: (a: MerchantApplicationItem) => a.nickname };

const spec = userReview<MerchantApplicationItem>({
  route: 'legal/applications',
  title: 'reviews.nav.merchantApplications',
  statuses: ['review', 'approved', 'rejected'],
  targetType: 'legal_applications',
  countKey: 'merchantApplications',
  columns: [nickname],
  details: [nickname],
  approve: { label: 'action.approve', run: (call, a) => call('legal/applications/approve', { id: a.id }) },
  refuse: {
    title: 'reviews.merchant.refuseTitle',
    run: (call, a, reason) => call('legal/applications/reject', { id: a.id, reason }),
  },
});

/** The merchant application queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
