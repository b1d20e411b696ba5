import { fromUnits, toUnits } from '../../domain';
import {
  DAY_MS,
  lockAmountProblem,
  lockPreview,
  maxPrincipalUnits,
  accrualsBetween,
  redeemUnits,
  referenceYield,
  REFERENCE_DAYS,
} from '../../domain/lockming-math';
import type { LockmingProduct, LockmingProductStatus } from '../../domain/lockming-types';
import type { Engine } from '../db';
import { fail, notFound } from '../http';
import { HOUSE_USER_ID, InsufficientBalanceError, type Ledger } from '../ledger';
import type { Catalog } from '../market';
import { LockmingMoney } from './money';
import { LockmingStore, type PositionRow, type ProductRow } from './store';

/**
 * Lock-up mining and deposit savings: locks, daily payouts, maturity and redemption, each a writer
 * command over `LockmingStore` and `LockmingMoney`. The clock is a parameter (tests move it).
 */
export class LockmingService {
  readonly store: LockmingStore;
  private readonly money: LockmingMoney;
  private readonly decimals: Map<string, number>;

  constructor(
    private readonly engine: Engine,
    private readonly ledger: Ledger,
    private readonly catalog: Catalog,
    readonly now: () => number = Date.now,
  ) {
    this.store = new LockmingStore(engine);
    this.money = new LockmingMoney(ledger);
    this.decimals = new Map(catalog.coins.map((c) => [c.symbol, c.decimals]));
  }

  /** The daily payout time, `HH:MM` UTC. */
  get accrualAtUtc(): string {
    return this.catalog.lockming.accrualAtUtc;
  }

  /** True for a coin of the catalog. */
  knowsCoin(coin: string): boolean {
    return this.decimals.has(coin);
  }

  /** Decimals of a catalog coin (8 for a coin the catalog no longer lists). */
  decimalsOf(coin: string): number {
    return this.decimals.get(coin) ?? 8;
  }

  /** The house's reserve in `finance` of a coin: available = what it can still promise. */
  reserveOf(coin: string) {
    return this.ledger.balance({ userId: HOUSE_USER_ID, account: 'finance', coin });
  }

  /** Where a product stands at `at`. */
  static statusOf(p: ProductRow, at: number): LockmingProductStatus {
    if (at < p.opensAt) return 'upcoming';
    if (p.closesAt !== null && at >= p.closesAt) return 'closed';
    return 'open';
  }

  /** Payouts a lock made at `at` would get (a lock's period; savings up to the expiry). */
  private daysAt(p: ProductRow, at: number): number {
    return p.kind === 'lock' ? p.days! : accrualsBetween(at, p.closesAt!, this.accrualAtUtc);
  }

  /** Every product as the app sees it, with its room, the reserve's bound and its reference yield. */
  async products(): Promise<LockmingProduct[]> {
    const at = this.now();
    const [rows, subscribed, paidDays] = await Promise.all([
      this.store.products(),
      this.store.subscribed(),
      this.store.payoutDays(at - REFERENCE_DAYS * DAY_MS, at),
    ]);
    const reserves = new Map<string, bigint>();
    for (const coin of new Set(rows.map((r) => r.coin)))
      reserves.set(coin, (await this.reserveOf(coin)).available);
    return rows.map((p) => {
      const d = this.decimalsOf(p.coin);
      const held = subscribed.get(p.id) ?? 0n;
      const days = this.daysAt(p, at);
      const status = LockmingService.statusOf(p, at);
      let room = maxPrincipalUnits(reserves.get(p.coin) ?? 0n, p.dailyRate, days, d);
      if (p.totalUnits !== null && p.totalUnits - held < room) room = p.totalUnits - held;
      // Below the minimum nothing can be locked: no room (an honest zero, not dust).
      if (status === 'closed' || days < 1 || room < p.minUnits) room = 0n;
      const window = paidDays.filter((x) => x.productId === p.id);
      return {
        id: p.id,
        kind: p.kind,
        coin: p.coin,
        name: p.name,
        days: p.days,
        dailyRate: p.dailyRate,
        minAmount: fromUnits(p.minUnits, d),
        total: p.totalUnits === null ? null : fromUnits(p.totalUnits, d),
        subscribed: fromUnits(held, d),
        remaining: fromUnits(room, d),
        earlyRedeem: p.kind === 'savings' || p.earlyRedeem,
        opensAt: p.opensAt,
        closesAt: p.closesAt,
        status,
        referenceYield: referenceYield(window),
        referenceDays: window.length,
      };
    });
  }

  /**
   * Locks `amount` of the user's `finance` balance in a product (a savings subscription alike), or
   * throws the first problem. The checks (window, amount, total, reserve, balance) and the writes are
   * one command: two locks cannot both pass a check that only one of them fits.
   */
  lock(userId: number, productId: number, amount: string): Promise<PositionRow> {
    return this.engine.writer.run(async () => {
      const p = await this.store.product(productId);
      if (!p) throw notFound();
      const at = this.now();
      if (LockmingService.statusOf(p, at) !== 'open') throw fail('lockmingNotOpen', 'productId');
      const d = this.decimalsOf(p.coin);
      const problem = lockAmountProblem(amount, fromUnits(p.minUnits, d), d);
      if (problem) throw fail(problem, 'amount');
      const principal = toUnits(amount.trim());
      const preview = lockPreview(p, principal, at, this.accrualAtUtc, d);
      if (preview.days < 1) throw fail('lockmingNotOpen', 'productId');
      if (p.totalUnits !== null && (await this.store.subscribedOf(p.id)) + principal > p.totalUnits) {
        throw fail('lockmingTotalFull', 'amount');
      }
      // Reserve honesty: the house's available reserve must cover this promise; what it already
      // promised is frozen there, so it is not counted twice.
      if ((await this.reserveOf(p.coin)).available < preview.expectedIncome)
        throw fail('lockmingReserve', 'amount');
      const id = await this.store.insertPosition({
        userId,
        productId: p.id,
        coin: p.coin,
        principalUnits: principal,
        dailyRate: p.dailyRate,
        dailyUnits: preview.dailyInterest,
        days: preview.days,
        lockedAt: at,
        maturesAt: preview.maturesAt,
      });
      let txId: number;
      try {
        txId = await this.money.lock(
          { id, userId, coin: p.coin, principalUnits: principal },
          preview.expectedIncome,
          `user:${userId}`,
        );
      } catch (err) {
        // The command is undone with the refusal: the position row goes too.
        if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
        throw err;
      }
      await this.store.setLockTx(id, txId);
      return (await this.store.position(id))!;
    });
  }

  /**
   * Redeems the user's position before maturity (savings at any time; a lock if its product allows,
   * forfeiting the interest it was paid). Payouts already due are made first, in the same command.
   * One command: of two racing redemptions, the second finds the ending and is refused.
   */
  redeem(userId: number, id: number): Promise<PositionRow> {
    return this.engine.writer.run(async () => {
      let pos = await this.store.position(id);
      if (!pos || pos.userId !== userId) throw notFound();
      if (pos.endRule !== null) throw fail('lockmingEnded');
      if (pos.kind === 'lock' && !pos.earlyRedeem) throw fail('lockmingNoEarlyRedeem');
      const at = this.now();
      if (await this.payDue(pos, at)) pos = (await this.store.position(id))!;
      if (pos.endRule !== null) throw fail('lockmingEnded');
      const { returned, forfeited } =
        pos.kind === 'lock'
          ? redeemUnits(pos.principalUnits, pos.paidUnits)
          : { returned: pos.principalUnits, forfeited: 0n };
      const released = BigInt(pos.days) * pos.dailyUnits - pos.paidUnits;
      const txId = await this.money.redeem(pos, forfeited, released, `user:${userId}`);
      await this.store.insertEnding({
        positionId: pos.id,
        rule: 'redeem',
        at,
        returnedUnits: returned,
        forfeitedUnits: forfeited,
        releasedUnits: released,
        txId,
      });
      return (await this.store.position(id))!;
    });
  }

  /**
   * Makes every payout due at or before `at` (default now), oldest first: one command per position,
   * which reads the position again, so a day is never paid twice nor skipped, after a restart too.
   * Returns the users paid, once committed.
   */
  async accrueDue(at: number = this.now()): Promise<Set<number>> {
    const users = new Set<number>();
    for (const id of await this.store.dueIds(at, DAY_MS)) {
      const paid = await this.engine.writer.run(async () => {
        const pos = await this.store.position(id);
        return pos && pos.endRule === null && (await this.payDue(pos, at)) ? pos.userId : null;
      });
      if (paid !== null) users.add(paid);
    }
    return users;
  }

  /** The instant of payout `day` (1-based): counted back from the stored maturity, one per day. */
  static payoutAt(pos: Pick<PositionRow, 'maturesAt' | 'days'>, day: number): number {
    return pos.maturesAt - (pos.days - day) * DAY_MS;
  }

  /** Pays, inside the running command, each payout of `pos` due at or before `at`; true if any. */
  private async payDue(pos: PositionRow, at: number): Promise<boolean> {
    let day = pos.daysPaid + 1;
    let any = false;
    for (; day <= pos.days && LockmingService.payoutAt(pos, day) <= at; day++) {
      any = true;
      const when = LockmingService.payoutAt(pos, day);
      const last = day === pos.days;
      const txId = last
        ? await this.money.mature(pos, pos.dailyUnits)
        : await this.money.interest(pos, pos.dailyUnits);
      await this.store.insertPayout({
        positionId: pos.id,
        day,
        at: when,
        rule: last ? 'maturity' : 'interest',
        principalUnits: pos.principalUnits,
        dailyRate: pos.dailyRate,
        amountUnits: pos.dailyUnits,
        txId,
      });
      if (last) {
        await this.store.insertEnding({
          positionId: pos.id,
          rule: 'maturity',
          at: when,
          returnedUnits: pos.principalUnits,
          forfeitedUnits: 0n,
          releasedUnits: 0n,
          txId,
        });
      }
    }
    return any;
  }

  /** The operator's reserve top-up: the house's `spot` balance of `coin` into its `finance` reserve. */
  async fundReserve(coin: string, amount: bigint, operator: string): Promise<number> {
    const spot = await this.ledger.balance({ userId: HOUSE_USER_ID, account: 'spot', coin });
    if (spot.available < amount) throw fail('insufficientBalance', 'amount');
    return this.money.reserve(coin, amount, operator);
  }
}
