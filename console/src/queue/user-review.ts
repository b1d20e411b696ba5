// The queues of what a user sent for review (identity, bank deposit, withdrawal, merchant
// application): the same frame around their own lines, the account first, then what was sent, when,
// and who decided and why; one approval and a refusal with the reason the user will read.
import { accountColumn, accountLine, decisionLines, refuseWithReason, submittedLine } from './lines';
import type { Decision, Line, QueueItem, QueueSpec } from './spec';

/** A user's request as such a queue lists it. */
export interface UserRequest extends QueueItem {
  userId: number;
  decidedBy: string | null;
  decidedAt: number | null;
  reason: string | null;
}

/** What a request queue says of its own; {@link userReview} adds the frame. */
export interface UserReview<T extends UserRequest> extends Omit<
  QueueSpec<T>,
  'columns' | 'details' | 'images' | 'decisions'
> {
  /** The list's columns between the account and the time sent. */
  columns: Line<T>[];
  /** The detail's lines between the account and the time sent. */
  details: Line<T>[];
  /** The request's images; none when absent. */
  images?: QueueSpec<T>['images'];
  /** The approval: its label, its call, and what it asks for first (a withdrawal's txid). */
  approve: Omit<Decision<T>, 'kind'>;
  /** The refusal: its dialog's title and its call, given the reason. */
  refuse: { title: string; run: Decision<T>['run'] };
}

/** The queue of a kind of request, its own lines and calls framed as every request queue's. */
export function userReview<T extends UserRequest>({
  columns,
  details,
  images = () => [],
  approve,
  refuse,
  ...own
}: UserReview<T>): QueueSpec<T> {
  return {
    ...own,
    columns: [accountColumn, ...columns, submittedLine],
    details: [accountLine, ...details, submittedLine, ...decisionLines<T>()],
    images,
    decisions: [{ ...approve, kind: 'approve' }, refuseWithReason(refuse.title, refuse.run)],
  };
}
