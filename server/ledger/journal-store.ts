import { fromUnits, type AccountType, type JournalLine } from '../../domain';
import { sql, statementsByKey, statementsOf, type AsyncPrepared, type Engine } from '../db';

/** A filter and page of a user's journal, newest first, entry ids below `before`. */
export interface JournalQuery {
  userId: number;
  account: AccountType | null;
  coin: string | null;
  kind: string | null;
  before: number;
  limit: number;
}

/**
 * Reads a user's journal lines with the kind and business reference of their ledger transaction
 * (the assets area's journal page). Read-only; the ledger alone writes the journal.
 */
export class JournalStore {
  /** The page query of each filter shape (at most 8), prepared at its first use. */
  private readonly statement: (shape: string) => AsyncPrepared<Array<string | number>, JournalLine>;

  constructor(engine: Engine) {
    this.statement = statementsByKey(engine, journalPage, { bigints: true });
  }

  /** One page of lines, newest first; amounts as 8-decimal strings. */
  list(q: JournalQuery): Promise<JournalLine[]> {
    const where = ['j.user_id = ?', 'j.id < ?'];
    const args: Array<string | number> = [q.userId, q.before];
    if (q.account !== null) {
      where.push('j.account = ?');
      args.push(q.account);
    }
    if (q.coin !== null) {
      where.push('j.coin = ?');
      args.push(q.coin);
    }
    if (q.kind !== null) {
      where.push('t.kind = ?');
      args.push(q.kind);
    }
    return this.statement(where.join(' and ')).all(...args, q.limit);
  }
}

/** The page query for one filter shape (`where`, its conditions joined by `and`). */
function journalPage(shape: string) {
  return sql<Array<string | number>, JournalLine>(
    `select j.id, j.tx_id as "txId", t.kind, t.ref_type as "refType", t.ref_id as "refId", j.account,
            j.coin, j.field, j.delta, j.balance_after as "balanceAfter", j.created_at as "createdAt"
     from journal j join ledger_tx t on t.id = j.tx_id
       where ${shape} order by j.id desc limit ?`,
    toLine,
  );
}

function toLine(r: Record<string, unknown>): JournalLine {
  return {
    id: Number(r.id),
    txId: Number(r.txId),
    kind: r.kind as string,
    refType: r.refType as string,
    refId: r.refId as string,
    account: r.account as AccountType,
    coin: r.coin as string,
    field: r.field as JournalLine['field'],
    delta: fromUnits(BigInt(r.delta as bigint)),
    balanceAfter: fromUnits(BigInt(r.balanceAfter as bigint)),
    createdAt: Number(r.createdAt),
  };
}

const REF_STATEMENTS = {
  txOfKind: sql<[kind: string, refType: string, refId: string], { found: 1 }>(
    'select 1 as found from ledger_tx where kind = ? and ref_type = ? and ref_id = ?',
  ),
  txFor: sql<[refType: string, refId: string], { found: 1 }>(
    'select 1 as found from ledger_tx where ref_type = ? and ref_id = ?',
  ),
};

/** Whether a ledger transaction of `kind` names the business reference (`refType`, `refId`). */
export async function hasTxOfKind(
  engine: Engine,
  kind: string,
  refType: string,
  refId: string,
): Promise<boolean> {
  return (await statementsOf(engine, REF_STATEMENTS).txOfKind.get(kind, refType, refId)) !== undefined;
}

/** Whether any ledger transaction names the business reference (`refType`, `refId`). */
export async function hasTxFor(engine: Engine, refType: string, refId: string): Promise<boolean> {
  return (await statementsOf(engine, REF_STATEMENTS).txFor.get(refType, refId)) !== undefined;
}
