import type { OpsOperator, OpsRole } from '../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';

/** An operator account as the server keeps it. */
export interface OperatorRow {
  id: number;
  name: string;
  role: OpsRole;
  /** argon2id PHC string. */
  passwordHash: string;
  /** Base32 TOTP secret; null until enrolment is confirmed (or after a reset). */
  totpSecret: string | null;
  totpEnrolled: boolean;
  /** The newest TOTP time step accepted; codes of this step or before are refused. */
  totpLastStep: number | null;
  disabled: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  lastSignInAt: number | null;
}

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// Number(): PostgreSQL's driver gives bigint columns as strings.
function toOperator(r: Record<string, unknown>): OperatorRow {
  return {
    id: Number(r.id),
    name: r.name as string,
    role: r.role as OpsRole,
    passwordHash: r.password_hash as string,
    totpSecret: (r.totp_secret as string | null) ?? null,
    totpEnrolled: Number(r.totp_enrolled) === 1,
    totpLastStep: nullableNumber(r.totp_last_step),
    disabled: Number(r.disabled) === 1,
    createdAt: Number(r.created_at),
    lastSignInAt: nullableNumber(r.last_sign_in_at),
  };
}

const STATEMENTS = {
  insert: sql<[name: string, role: string, passwordHash: string, createdAt: number], number>(
    `insert into operators (name, role, password_hash, created_at) values (?, ?, ?, ?) returning id`,
    (r) => Number(r.id),
  ),
  byName: sql<[name: string], OperatorRow>('select * from operators where name = ?', toOperator),
  byId: sql<[id: number], OperatorRow>('select * from operators where id = ?', toOperator),
  all: sql<[], OperatorRow>('select * from operators order by id', toOperator),
  setRole: sql<[role: string, id: number]>('update operators set role = ? where id = ?'),
  setDisabled: sql<[disabled: number, id: number]>('update operators set disabled = ? where id = ?'),
  setPassword: sql<[passwordHash: string, id: number]>('update operators set password_hash = ? where id = ?'),
  resetTotp: sql<[id: number]>(
    `update operators set totp_secret = null, totp_enrolled = 0, totp_last_step = null where id = ?`,
  ),
  // The step guard in the statement: two codes of one step racing each other cannot both sign in.
  acceptStep: sql<[secret: string, step: number, at: number, id: number, step2: number], number>(
    `update operators set totp_secret = ?, totp_enrolled = 1, totp_last_step = ?, last_sign_in_at = ?
     where id = ? and (totp_last_step is null or totp_last_step < ?) returning id`,
    (r) => Number(r.id),
  ),
  // A step-up code: the same replay guard, without touching the sign-in time.
  useStep: sql<[step: number, id: number, step2: number], number>(
    `update operators set totp_last_step = ?
     where id = ? and totp_enrolled = 1 and (totp_last_step is null or totp_last_step < ?) returning id`,
    (r) => Number(r.id),
  ),
};

/** The operator accounts (`operators`); writes are steps of the caller's writer command. */
export class OperatorStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, STATEMENTS);
  }

  /** Creates an account (inside a writer command); resolves to its id. */
  async create(name: string, role: OpsRole, passwordHash: string, at: number): Promise<number> {
    return (await this.#q.insert.get(name, role, passwordHash, at))!;
  }

  async byName(name: string): Promise<OperatorRow | undefined> {
    return await this.#q.byName.get(name);
  }

  async byId(id: number): Promise<OperatorRow | undefined> {
    return await this.#q.byId.get(id);
  }

  all(): Promise<OperatorRow[]> {
    return this.#q.all.all();
  }

  async setRole(id: number, role: OpsRole): Promise<void> {
    await this.#q.setRole.run(role, id);
  }

  async setDisabled(id: number, disabled: boolean): Promise<void> {
    await this.#q.setDisabled.run(disabled ? 1 : 0, id);
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.#q.setPassword.run(passwordHash, id);
  }

  async resetTotp(id: number): Promise<void> {
    await this.#q.resetTotp.run(id);
  }

  /**
   * Records a good code of `step` (and on enrolment its secret) and the sign-in time; false when a
   * code of this step or a later one was accepted meanwhile (a replay).
   */
  async acceptStep(id: number, secret: string, step: number, at: number): Promise<boolean> {
    return (await this.#q.acceptStep.all(secret, step, at, id, step)).length === 1;
  }

  /** Records a good step-up code of `step`; false when a code of this step or a later one was accepted. */
  async useStep(id: number, step: number): Promise<boolean> {
    return (await this.#q.useStep.all(step, id, step)).length === 1;
  }
}

/** An operator account as admins see it. */
export function operatorView(o: OperatorRow): OpsOperator {
  return {
    id: o.id,
    name: o.name,
    role: o.role,
    totpEnrolled: o.totpEnrolled,
    disabled: o.disabled,
    createdAt: o.createdAt,
    lastSignInAt: o.lastSignInAt,
  };
}

/** The state of an account an audit row keeps as `before` / `after` (no secrets). */
export function operatorState(o: OperatorRow): Record<string, unknown> {
  return { name: o.name, role: o.role, totpEnrolled: o.totpEnrolled, disabled: o.disabled };
}
