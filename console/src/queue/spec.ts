import type { ComponentType, ReactNode } from 'react';
import type { OpsQueueCounts } from '../../../domain/ops-api';
import type { ConsoleEndpoints } from '../../worker/routes';

/** What a queue's item has in common: a number, a state, an owner, a time. */
export interface QueueItem {
  id: number;
  status: string;
  account: string;
  createdAt: number;
}

/** How a value is shown: the locale's numbers and dates, and `t`. */
export interface Show {
  t: (key: string, values?: Record<string, string | number>) => string;
  decimal(value: string | null | undefined): string;
  moment(ms: number | null | undefined): string;
}

/** One labelled value of an item (a column in the list, a line in the detail). */
export interface Line<T> {
  /** Text key of the label. */
  label: string;
  value: (item: T, show: Show) => ReactNode;
}

/** The queues whose list route takes `status`, `before` and `limit` and returns items. */
export type QueueRoute = {
  [K in keyof ConsoleEndpoints]: ConsoleEndpoints[K]['res'] extends QueueItem[] ? K : never;
}[keyof ConsoleEndpoints];

/** A decision an operator takes on an item still in review. */
export interface Decision<T> {
  /** Text key of its button. */
  label: string;
  /** Refusals ask for a reason (and are shown in red). */
  kind: 'approve' | 'refuse';
  /**
   * A one-line text the decision needs (a refusal's reason, a withdrawal's txid); `check` gives the
   * text key of its problem, or null.
   */
  ask?: { label: string; check?: (value: string) => string | null; title: string };
  /** Whether it is offered for this item; every waiting item when absent. */
  when?: (item: T) => boolean;
  /** Text key of a warning the dialog shows above its field (the decision moves money). */
  warning?: string;
  /** Calls the route; the decided item, or null when it failed (the failure was shown). */
  run(call: Call, item: T, text: string): Promise<T | null>;
}

/** `useCall()`'s function. */
export type Call = <N extends keyof ConsoleEndpoints>(
  name: N,
  input: ConsoleEndpoints[N]['req'],
) => Promise<ConsoleEndpoints[N]['res'] | null>;

/**
 * A review queue: the list route, its states (the first is the one waiting for a decision), what the
 * list and the detail show, the images, the decisions, and the audit trail's name for its records.
 */
export interface QueueSpec<T extends QueueItem> {
  route: QueueRoute;
  /** Text key of the queue's title. */
  title: string;
  statuses: readonly string[];
  /** `ops_actions.target_type` of its records, for the item's history. */
  targetType: string;
  columns: Line<T>[];
  details: Line<T>[];
  images(item: T): { label: string; id: string }[];
  decisions: Decision<T>[];
  /** Whether the item waits for a decision; `status === statuses[0]` when absent. */
  waiting?: (item: T) => boolean;
  /** Prefix of the statuses' text keys (`status.` when absent). */
  statusText?: string;
  /** The dashboard count of what waits in this queue, shown beside its title. */
  countKey?: keyof OpsQueueCounts;
  /** `ops_actions.target_id` of an item when it is not the item's id (an appeal's order). */
  targetId?: (item: T) => string;
  /** The item read by its id; the list route's row at `id` when absent. */
  load?: (call: Call, id: number) => Promise<T | null>;
  /** More of the detail below its facts (an appeal's order, evidence and chat); `stamp` moves on a decision. */
  more?: ComponentType<{ item: T; stamp: number }>;
}

/** The text key of an item's status. */
export const statusKey = (spec: { statusText?: string }, status: string): string =>
  `${spec.statusText ?? 'status.'}${status}`;

/** Whether an item waits for a decision. */
export function isWaiting<T extends QueueItem>(spec: QueueSpec<T>, item: T): boolean {
  return spec.waiting ? spec.waiting(item) : item.status === spec.statuses[0];
}

/** The decisions offered on an item: none once decided, else those whose `when` holds. */
export function decisionsFor<T extends QueueItem>(spec: QueueSpec<T>, item: T): Decision<T>[] {
  if (!isWaiting(spec, item)) return [];
  return spec.decisions.filter((d) => d.when?.(item) ?? true);
}
