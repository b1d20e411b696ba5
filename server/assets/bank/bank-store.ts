import type { BankCard, BankDepositStatus } from '../../../domain';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';
import type { UploadClaims } from '../../shared/uploads';

/** A row of `bank_deposits`: `amount` in cents, `credit` in ledger minor units, times in ms. */
export interface BankDepositRow {
  id: number;
  userId: number;
  amount: bigint;
  currency: string;
  coin: string;
  credit: bigint;
  rate: string;
  payerName: string;
  reference: string;
  proofId: string;
  cardBank: string;
  cardNumber: string;
  status: BankDepositStatus;
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A page of deposits, newest first, ids below `before`; null filters match everything. */
export interface DepositQuery {
  userId: number | null;
  status: BankDepositStatus | null;
  before: number;
  limit: number;
}

const COLUMNS = `id, user_id as "userId", amount, currency, coin, credit, rate, payer_name as "payerName",
  reference, proof_id as "proofId", card_bank as "cardBank", card_number as "cardNumber", status, reason,
  decided_by as "decidedBy", created_at as "createdAt", decided_at as "decidedAt"`;

function toRow(r: Record<string, unknown>): BankDepositRow {
  return {
    ...(r as unknown as BankDepositRow),
    id: Number(r.id),
    userId: Number(r.userId),
    amount: BigInt(r.amount as bigint),
    credit: BigInt(r.credit as bigint),
    createdAt: Number(r.createdAt),
    decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  };
}

/**
 * The statements over `bank_cards` and `bank_deposits`, named by what they do. Integers come back as
 * bigint (amounts and credits are money); the row mappers narrow ids and times.
 */
const STATEMENTS = {
  card: sql<[userId: number], BankCard>(
    `select bank, branch, card_number as "cardNumber", holder, updated_at as "updatedAt"
     from bank_cards where user_id = ?`,
    (r) => ({
      bank: r.bank as string,
      branch: r.branch as string,
      cardNumber: r.cardNumber as string,
      holder: r.holder as string,
      updatedAt: Number(r.updatedAt as bigint),
    }),
  ),
  bindCard: sql<
    [userId: number, bank: string, branch: string, cardNumber: string, holder: string, updatedAt: number]
  >(
    `insert into bank_cards (user_id, bank, branch, card_number, holder, updated_at)
     values (?, ?, ?, ?, ?, ?)
     on conflict (user_id) do update set bank = excluded.bank, branch = excluded.branch,
       card_number = excluded.card_number, holder = excluded.holder, updated_at = excluded.updated_at`,
  ),
  insert: sql<
    [
      userId: number,
      amount: bigint,
      currency: string,
      coin: string,
      credit: bigint,
      rate: string,
      payerName: string,
      reference: string,
      proofId: string,
      cardBank: string,
      cardNumber: string,
      createdAt: number,
    ],
    number
  >(
    `insert into bank_deposits (user_id, amount, currency, coin, credit, rate, payer_name, reference,
       proof_id, card_bank, card_number, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'review', ?) returning id`,
    (r) => Number(r.id),
  ),
  byId: sql<[id: number], BankDepositRow>(`select ${COLUMNS} from bank_deposits where id = ?`, toRow),
  page: sql<
    [
      userId: number | null,
      userId2: number | null,
      status: BankDepositStatus | null,
      status2: BankDepositStatus | null,
      before: number,
      limit: number,
    ],
    BankDepositRow
  >(
    `select ${COLUMNS} from bank_deposits
     where (cast(? as bigint) is null or user_id = ?) and (cast(? as text) is null or status = ?)
       and id < ?
     order by id desc limit ?`,
    toRow,
  ),
  decide: sql<
    [
      status: Exclude<BankDepositStatus, 'review'>,
      reason: string | null,
      decidedBy: string,
      decidedAt: number,
      id: number,
    ]
  >(
    `update bank_deposits set status = ?, reason = ?, decided_by = ?, decided_at = ?
     where id = ? and status = 'review'`,
  ),
};

/**
 * Access to `bank_cards` and `bank_deposits`; the writes run inside writer commands (with the
 * ledger's posts, for a confirmation). Money columns are read as bigint.
 */
export class BankStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;

  /** `claims`: the uploads every area keeps, so a proof already kept anywhere is refused. */
  constructor(
    engine: Engine,
    private readonly claims: UploadClaims,
  ) {
    this.#q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  /** The user's bound card, or null. */
  async card(userId: number): Promise<BankCard | null> {
    return (await this.#q.card.get(userId)) ?? null;
  }

  /** Binds `card` to the user, replacing any card bound before; inside a writer command. */
  async bindCard(userId: number, card: BankCard): Promise<void> {
    await this.#q.bindCard.run(userId, card.bank, card.branch, card.cardNumber, card.holder, card.updatedAt);
  }

  /** Whether something already keeps the upload (another deposit's proof, an identity photo …). */
  async proofUsed(proofId: string): Promise<boolean> {
    return await this.claims.isClaimed(proofId);
  }

  /** Inserts a deposit in `review` and returns it; inside a writer command. */
  async insert(
    row: Omit<BankDepositRow, 'id' | 'status' | 'reason' | 'decidedBy' | 'decidedAt'>,
  ): Promise<BankDepositRow> {
    const info = await this.#q.insert.run(
      row.userId,
      row.amount,
      row.currency,
      row.coin,
      row.credit,
      row.rate,
      row.payerName,
      row.reference,
      row.proofId,
      row.cardBank,
      row.cardNumber,
      row.createdAt,
    );
    return (await this.get(info.lastId))!;
  }

  get(id: number): Promise<BankDepositRow | undefined> {
    return this.#q.byId.get(id);
  }

  list(q: DepositQuery): Promise<BankDepositRow[]> {
    return this.#q.page.all(q.userId, q.userId, q.status, q.status, q.before, q.limit);
  }

  /** Moves a deposit out of `review`; false when it was no longer there. Inside a writer command. */
  async decide(
    id: number,
    to: Exclude<BankDepositStatus, 'review'>,
    reason: string | null,
    by: string,
    at: number,
  ): Promise<boolean> {
    return (await this.#q.decide.run(to, reason, by, at, id)).changes === 1;
  }
}
