import type { ListingItem } from '../../../worker/routes';
import { QueuePage } from '../../queue/queue-page';
import { accountColumn, decidedByLine, reasonLine, refuseWithReason, submittedLine } from '../../queue/lines';
import type { QueueSpec } from '../../queue/spec';
import { ExternalLink } from './external-link';
import '../../styles/reviews.css';

/** An application still open: new, or under review (server/listing/module.ts). */
const open = (l: ListingItem) => l.status === 'submitted' || l.status === 'review';

const spec: QueueSpec<ListingItem> = {
  route: 'listings',
  title: 'reviews.nav.listings',
  statuses: ['submitted', 'review', 'accepted', 'rejected'],
  statusText: 'reviews.listing.status.',
  targetType: 'listing_applications',
  countKey: 'listings',
  waiting: open,
  columns: [
    accountColumn,
    { label: 'reviews.listing.project', value: (l) => `${l.project} (${l.symbol})` },
    { label: 'reviews.listing.chain', value: (l) => l.chain },
    submittedLine,
  ],
  details: [
    accountColumn,
    { label: 'reviews.listing.project', value: (l) => l.project },
    { label: 'reviews.listing.symbol', value: (l) => <code>{l.symbol}</code> },
    { label: 'reviews.listing.chain', value: (l) => l.chain },
    { label: 'reviews.listing.contract', value: (l) => <code className="wrap">{l.contract}</code> },
    { label: 'reviews.listing.website', value: (l) => <ExternalLink href={l.website} /> },
    { label: 'reviews.listing.contact', value: (l) => l.contact },
    {
      label: 'reviews.listing.description',
      value: (l) => <p className="prose">{l.description || '—'}</p>,
    },
    submittedLine,
    // A listing records no time of its decision; decided, it changes no more: its last change is when.
    decidedByLine<ListingItem>((l) => l.updatedAt),
    reasonLine,
  ],
  images: () => [],
  decisions: [
    {
      label: 'reviews.listing.startReview',
      kind: 'approve',
      when: (l) => l.status === 'submitted',
      run: async (call, l) => {
        const r = await call('listings/review', { id: l.id });
        return r && { ...l, ...r };
      },
    },
    {
      label: 'reviews.listing.accept',
      kind: 'approve',
      run: async (call, l) => {
        const r = await call('listings/accept', { id: l.id });
        return r && { ...l, ...r };
      },
    },
    refuseWithReason('reviews.listing.refuseTitle', async (call, l, reason) => {
      const r = await call('listings/reject', { id: l.id, reason });
      return r && { ...l, ...r };
    }),
  ],
};

/** The coin-listing application queue. */
export function Page() {
  return <QueuePage spec={spec} />;
}
