// What the review queues' specs share: the account that asked and when, who decided and why, and
// the refusal that asks for its reason. A queue's own lines stand between them.
import type { Call, Decision, Line, QueueItem } from './spec';

/** The account, in the list (its row says whose it is). */
export const accountColumn: Line<QueueItem> = { label: 'field.account', value: (i) => i.account };

/** The account with the user's number, in the detail (to find the user on the users page). */
export const accountLine: Line<QueueItem & { userId: number }> = {
  label: 'field.account',
  value: (i) => `${i.account} (#${i.userId})`,
};

/** When the user sent it. */
export const submittedLine: Line<QueueItem> = {
  label: 'field.submitted',
  value: (i, s) => s.moment(i.createdAt),
};

/** Who decided and when (`decidedAt`: the queue's moment of the decision); `—` while undecided. */
export function decidedByLine<T extends { decidedBy: string | null }>(
  decidedAt: (item: T) => number | null,
): Line<T> {
  return {
    label: 'field.decidedBy',
    value: (i, s) => (i.decidedBy ? `${i.decidedBy} · ${s.moment(decidedAt(i))}` : '—'),
  };
}

/** The reason of a refusal, `—` for none. */
export const reasonLine: Line<{ reason: string | null }> = {
  label: 'field.reason',
  value: (i) => i.reason ?? '—',
};

/** Who decided, when, and why: the last lines of a decided item's detail. */
export function decisionLines<
  T extends { decidedBy: string | null; decidedAt: number | null; reason: string | null },
>(): Line<T>[] {
  return [decidedByLine<T>((i) => i.decidedAt), reasonLine];
}

/** "Refuse": asks for the reason the user will read (dialog titled `title`), then `run`s. */
export function refuseWithReason<T extends QueueItem>(
  title: string,
  run: (call: Call, item: T, reason: string) => Promise<T | null>,
): Decision<T> {
  return { label: 'action.refuse', kind: 'refuse', ask: { title, label: 'reason.label' }, run };
}
