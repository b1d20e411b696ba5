import { baselinePart } from '../db';

/**
 * The operators' part of the baseline (legacy `009-ops-actions`): the audit trail of operator
 * actions, append-only on both engines. `detail` is JSON text; times in ms since the epoch.
 */
export const opsBaseline = baselinePart(90, (d) => [
  `create table ops_actions (
     id ${d.id},
     operator text not null,
     action text not null,
     target_type text not null,
     target_id text not null,
     detail text not null default '{}',
     created_at ${d.int} not null
   )`,
  `create index ops_actions_target on ops_actions (target_type, target_id)`,
  ...d.appendOnly('ops_actions', 'ops_actions is append-only'),
]);
