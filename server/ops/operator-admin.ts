import { OPS_ROLES, type OpsOperator, type OpsRole } from '../../domain';
import type { Engine } from '../db';
import { fail, notFound } from '../http';
import { hashPassword } from '../shared/passwords';
import { checkNewOperator, type OpsAuth } from './auth-service';
import { operatorState, operatorView, type OperatorRow } from './operator-store';
import type { OpsJournal } from './ops-journal';

/** Who acts on an account: an admin by name and id, or the CLI on the server machine (id null). */
export interface AdminActor {
  name: string;
  operatorId: number | null;
}

/** A role from a request, or the localized refusal. */
export function roleOf(text: string): OpsRole {
  const role = OPS_ROLES.find((r) => r === text);
  if (!role) throw fail('required', 'role');
  return role;
}

/**
 * Operator account administration: create, change role, disable, enable, reset the second factor.
 * Each is one writer command with its `ops_actions` row (before/after: the account's state, never a
 * secret). Disabling or resetting ends the operator's sessions and pending sign-ins at once.
 */
export class OperatorAdmin {
  constructor(
    private readonly engine: Engine,
    private readonly auth: OpsAuth,
    private readonly journal: OpsJournal,
    private readonly now: () => number = () => Date.now(),
  ) {}

  list(): Promise<OpsOperator[]> {
    return this.auth.operators.all().then((rows) => rows.map(operatorView));
  }

  /** Creates an account; refuses a name that exists. The password is hashed before the command. */
  async create(
    by: AdminActor,
    name: string,
    role: OpsRole,
    password: string,
    reason = '',
  ): Promise<OpsOperator> {
    checkNewOperator(name, password);
    const phc = await hashPassword(password);
    const ops = this.auth.operators;
    return await this.engine.writer.run(async () => {
      if (await ops.byName(name)) throw fail('opsNameTaken', 'name');
      const id = await ops.create(name, role, phc, this.now());
      const row = (await ops.byId(id))!;
      await this.journal.record({
        operator: by.name,
        action: 'operator.create',
        targetType: 'operators',
        targetId: String(id),
        detail: reason ? { reason } : {},
        before: null,
        after: operatorState(row),
      });
      return operatorView(row);
    });
  }

  setRole(by: AdminActor, id: number, role: OpsRole, reason: string): Promise<OpsOperator> {
    return this.#change(by, id, 'operator.role', reason, (ops) => ops.setRole(id, role), false);
  }

  disable(by: AdminActor, id: number, reason: string): Promise<OpsOperator> {
    return this.#change(by, id, 'operator.disable', reason, (ops) => ops.setDisabled(id, true), true);
  }

  enable(by: AdminActor, id: number, reason: string): Promise<OpsOperator> {
    return this.#change(by, id, 'operator.enable', reason, (ops) => ops.setDisabled(id, false), false);
  }

  resetTotp(by: AdminActor, id: number, reason: string): Promise<OpsOperator> {
    return this.#change(by, id, 'operator.resetTotp', reason, (ops) => ops.resetTotp(id), true);
  }

  /** One change of account `id` with its journal row; `endSessions` signs the operator out everywhere. */
  async #change(
    by: AdminActor,
    id: number,
    action: string,
    reason: string,
    apply: (ops: OpsAuth['operators']) => Promise<void>,
    endSessions: boolean,
  ): Promise<OpsOperator> {
    if (by.operatorId === id && action !== 'operator.resetTotp') throw fail('opsSelfChange');
    const ops = this.auth.operators;
    const after = await this.engine.writer.run(async () => {
      const before = await ops.byId(id);
      if (!before) throw notFound();
      await apply(ops);
      const row: OperatorRow = (await ops.byId(id))!;
      if (endSessions) await this.auth.credentials.revokeSessionsOf(id, this.now());
      await this.journal.record({
        operator: by.name,
        action,
        targetType: 'operators',
        targetId: String(id),
        detail: { reason },
        before: operatorState(before),
        after: operatorState(row),
      });
      this.auth.announceAfterCommit(id);
      return row;
    });
    if (endSessions) this.auth.tickets.dropOf(id);
    return operatorView(after);
  }
}
