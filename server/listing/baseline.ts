import { baselinePart } from '../db';

/**
 * The coin-listing applications' part of the baseline (legacy `023-listing`): what the applicant
 * sent, and the operator's decision (a rejection carries its reason).
 */
export const listingBaseline = baselinePart(230, (d) => [
  `create table listing_applications (
     id ${d.id},
     user_id ${d.int} not null references users (id),
     project text not null,
     symbol text not null,
     chain text not null,
     contract text not null,
     website text not null,
     contact text not null,
     description text not null,
     status text not null check (status in ('submitted', 'review', 'accepted', 'rejected')),
     reason text,
     decided_by text,
     created_at ${d.int} not null,
     updated_at ${d.int} not null,
     check ((status = 'rejected') = (reason is not null))
   )`,
  `create index listing_applications_user on listing_applications (user_id, id)`,
  `create index listing_applications_status on listing_applications (status, id)`,
]);
