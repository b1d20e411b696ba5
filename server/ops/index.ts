/**
 * The operator tier's face: the operator routes registry, the audit journal, the operator token
 * and mounting `/api/ops/*`. The ServerModule is in `module.ts`.
 */
export { mountOps } from './http';
export { resolveOperatorToken } from './operator-token';
export { OpsJournal, opsMigration, type OpsActionInput } from './ops-journal';
export { OpsRegistry, type OpsCaller, type OpsContext } from './ops-registry';
export { OPS_SOCKET_PATH } from './ops-socket';
export { OpsEvents, type OpsListener } from './ops-events';
export { queuesMoveAfter } from './queue-moves';
