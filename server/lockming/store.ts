import type { LockmingKind } from '../../domain/lockming-types';
import { big, num, sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import {
  toPayout,
  toPosition,
  toProduct,
  type PayoutDay,
  type PayoutRow,
  type PositionRow,
  type ProductFields,
  type ProductRow,
} from './rows';

export type { PayoutDay, PayoutRow, PositionRow, ProductFields, ProductRow } from './rows';

/** A position with its product's terms, payout count and sum (by the payouts' key), and ending. */
const POSITION = `select p.*, pr.kind, pr.name, pr.early_redeem,
    (select count(*) from lockming_payouts x where x.position_id = p.id) as days_paid,
    (select coalesce(sum(x.amount_units), 0) from lockming_payouts x where x.position_id = p.id) as paid_units,
    e.rule as end_rule, e.at as ended_at, e.returned_units, e.forfeited_units, e.tx_id as end_tx_id
  from lockming_positions p
  join lockming_products pr on pr.id = p.product_id
  left join lockming_endings e on e.position_id = p.id`;

const PRODUCT_COLUMNS = `kind = ?, coin = ?, name = ?, days = ?, daily_rate = ?, min_units = ?, total_units = ?,
  early_redeem = ?, opens_at = ?, closes_at = ?`;

type ProductParams = [
  kind: LockmingKind,
  coin: string,
  name: string,
  days: number | null,
  dailyRate: string,
  minUnits: bigint,
  totalUnits: bigint | null,
  earlyRedeem: number,
  opensAt: number,
  closesAt: number | null,
];

/** The statements over the area's four tables, named by what they do. */
const STATEMENTS = {
  insertProduct: sql<[...ProductParams, createdBy: string, createdAt: number, updatedAt: number], number>(
    `insert into lockming_products (kind, coin, name, days, daily_rate, min_units, total_units, early_redeem,
       opens_at, closes_at, created_by, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    (r) => num(r.id),
  ),
  // Only before the product opens: the route checks it in the same command; the clause keeps it so.
  updateProduct: sql<[...ProductParams, updatedAt: number, id: number, now: number]>(
    `update lockming_products set ${PRODUCT_COLUMNS}, updated_at = ? where id = ? and opens_at > ?`,
  ),
  product: sql<[id: number], ProductRow>('select * from lockming_products where id = ?', toProduct),
  products: sql<[], ProductRow>('select * from lockming_products order by id', toProduct),
  countProducts: sql<[], number>('select count(*) as n from lockming_products', (r) => num(r.n)),
  // Principal still locking, per product.
  subscribed: sql<[], { productId: number; units: bigint }>(
    `select p.product_id, sum(p.principal_units) as s from lockming_positions p
     where not exists (select 1 from lockming_endings e where e.position_id = p.id)
     group by p.product_id`,
    (r) => ({ productId: num(r.product_id), units: big(r.s) }),
  ),
  subscribedOf: sql<[productId: number], bigint>(
    `select coalesce(sum(p.principal_units), 0) as s from lockming_positions p
     where p.product_id = ? and not exists (select 1 from lockming_endings e where e.position_id = p.id)`,
    (r) => big(r.s),
  ),
  insertPosition: sql<
    [
      userId: number,
      productId: number,
      coin: string,
      principalUnits: bigint,
      dailyRate: string,
      dailyUnits: bigint,
      days: number,
      lockedAt: number,
      maturesAt: number,
    ],
    number
  >(
    `insert into lockming_positions (user_id, product_id, coin, principal_units, daily_rate, daily_units, days,
       locked_at, matures_at, lock_tx_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0) returning id`,
    (r) => num(r.id),
  ),
  setLockTx: sql<[txId: number, id: number]>('update lockming_positions set lock_tx_id = ? where id = ?'),
  position: sql<[id: number], PositionRow>(`${POSITION} where p.id = ?`, toPosition),
  positionsOf: sql<
    [userId: number, before: number, status: string, status2: string, limit: number],
    PositionRow
  >(
    `${POSITION} where p.user_id = ? and p.id < ?
       and (? = 'all' or (case when e.position_id is null then 'locking' else 'expired' end) = ?)
     order by p.id desc limit ?`,
    toPosition,
  ),
  // Open positions with a payout due at or before the instant (the timer's work list).
  dueIds: sql<[at: number, day: number], number>(
    `select p.id from lockming_positions p
     where not exists (select 1 from lockming_endings e where e.position_id = p.id)
       and p.matures_at - (p.days - 1 - (select count(*) from lockming_payouts x where x.position_id = p.id)) * ? <= ?
     order by p.id`,
    (r) => num(r.id),
  ),
  insertPayout: sql<
    [
      positionId: number,
      day: number,
      at: number,
      rule: PayoutRow['rule'],
      principalUnits: bigint,
      dailyRate: string,
      amountUnits: bigint,
      txId: number,
    ]
  >(
    `insert into lockming_payouts (position_id, day, at, rule, principal_units, daily_rate, amount_units, tx_id)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  payoutsOf: sql<[positionId: number], PayoutRow>(
    'select * from lockming_payouts where position_id = ? order by day',
    toPayout,
  ),
  insertEnding: sql<
    [
      positionId: number,
      rule: 'maturity' | 'redeem',
      at: number,
      returnedUnits: bigint,
      forfeitedUnits: bigint,
      releasedUnits: bigint,
      txId: number,
    ]
  >(
    `insert into lockming_endings (position_id, rule, at, returned_units, forfeited_units, released_units, tx_id)
     values (?, ?, ?, ?, ?, ?, ?)`,
  ),
  // Each product's payouts per instant in (from, to]: what the reference yield is computed from.
  payoutDays: sql<[from: number, to: number], PayoutDay>(
    `select p.product_id, a.at, sum(a.amount_units) as paid, sum(a.principal_units) as principal
     from lockming_payouts a join lockming_positions p on p.id = a.position_id
     where a.at > ? and a.at <= ?
     group by p.product_id, a.at order by p.product_id, a.at`,
    (r) => ({ productId: num(r.product_id), at: num(r.at), paid: big(r.paid), principal: big(r.principal) }),
  ),
};

/** Reads and writes of the `lockming` tables; writes run inside the service's writer commands. */
export class LockmingStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  private static params(f: ProductFields): ProductParams {
    return [
      f.kind,
      f.coin,
      f.name,
      f.days,
      f.dailyRate,
      f.minUnits,
      f.totalUnits,
      f.earlyRedeem ? 1 : 0,
      f.opensAt,
      f.closesAt,
    ];
  }

  async insertProduct(f: ProductFields, by: string, at: number): Promise<number> {
    return (await this.q.insertProduct.get(...LockmingStore.params(f), by, at, at))!;
  }

  /** Edits a product not yet open at `at`; false when it has opened (nothing written). */
  async updateProduct(id: number, f: ProductFields, at: number): Promise<boolean> {
    return (await this.q.updateProduct.run(...LockmingStore.params(f), at, id, at)).changes === 1;
  }

  product(id: number): Promise<ProductRow | undefined> {
    return this.q.product.get(id);
  }

  products(): Promise<ProductRow[]> {
    return this.q.products.all();
  }

  async countProducts(): Promise<number> {
    return (await this.q.countProducts.get()) ?? 0;
  }

  async subscribed(): Promise<Map<number, bigint>> {
    return new Map((await this.q.subscribed.all()).map((r) => [r.productId, r.units]));
  }

  async subscribedOf(productId: number): Promise<bigint> {
    return (await this.q.subscribedOf.get(productId)) ?? 0n;
  }

  async insertPosition(p: {
    userId: number;
    productId: number;
    coin: string;
    principalUnits: bigint;
    dailyRate: string;
    dailyUnits: bigint;
    days: number;
    lockedAt: number;
    maturesAt: number;
  }): Promise<number> {
    return (await this.q.insertPosition.get(
      p.userId,
      p.productId,
      p.coin,
      p.principalUnits,
      p.dailyRate,
      p.dailyUnits,
      p.days,
      p.lockedAt,
      p.maturesAt,
    ))!;
  }

  async setLockTx(id: number, txId: number): Promise<void> {
    await this.q.setLockTx.run(txId, id);
  }

  position(id: number): Promise<PositionRow | undefined> {
    return this.q.position.get(id);
  }

  positionsOf(userId: number, status: 'locking' | 'expired' | 'all', before: number, limit: number) {
    return this.q.positionsOf.all(userId, before, status, status, limit);
  }

  /** Ids of positions with a payout due at or before `at`. */
  dueIds(at: number, dayMs: number): Promise<number[]> {
    return this.q.dueIds.all(dayMs, at);
  }

  async insertPayout(p: PayoutRow): Promise<void> {
    await this.q.insertPayout.run(
      p.positionId,
      p.day,
      p.at,
      p.rule,
      p.principalUnits,
      p.dailyRate,
      p.amountUnits,
      p.txId,
    );
  }

  payoutsOf(positionId: number): Promise<PayoutRow[]> {
    return this.q.payoutsOf.all(positionId);
  }

  async insertEnding(e: {
    positionId: number;
    rule: 'maturity' | 'redeem';
    at: number;
    returnedUnits: bigint;
    forfeitedUnits: bigint;
    releasedUnits: bigint;
    txId: number;
  }): Promise<void> {
    await this.q.insertEnding.run(
      e.positionId,
      e.rule,
      e.at,
      e.returnedUnits,
      e.forfeitedUnits,
      e.releasedUnits,
      e.txId,
    );
  }

  payoutDays(from: number, to: number): Promise<PayoutDay[]> {
    return this.q.payoutDays.all(from, to);
  }
}
