import type { ReactNode } from 'react';
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
}
