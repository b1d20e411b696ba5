/**
 * The operator tier's face: the operator routes registry, the audit journal, the operator token
 * and mounting `/api/ops/*`. The ServerModule is in `module.ts`.
 */
export { mountOps } from './http';
export { resolveOperatorToken } from './operator-token';
export { OpsJournal, opsMigration } from './ops-journal';
export { OpsRegistry } from './ops-registry';
export { OpsEvents, type OpsListener } from './ops-events';
export { queuesMoveAfter } from './queue-moves';
