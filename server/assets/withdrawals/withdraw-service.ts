import { type AddressFormat, type KycState, type WithdrawLimit, toUnits } from '../../../domain';
import type { Engine } from '../../db';
import { fail, notFound } from '../../http';
import { HOUSE_USER_ID, InsufficientBalanceError, WORLD_USER_ID, type Ledger } from '../../ledger';
import { accounts } from '../../mine';
import type { OpsJournal } from '../../ops';
import { AddressStore } from './address-store';
import {
  WithdrawalStore,
  type Decision,
  type OpsWithdrawalRow,
  type WithdrawalRow,
} from './withdrawal-store';

/** Ledger kinds of a withdrawal's life: frozen on request, sent on approval, released otherwise. */
export const WITHDRAW_KINDS = {
  freeze: 'withdraw.freeze',
  send: 'withdraw.send',
  reject: 'withdraw.reject',
  cancel: 'withdraw.cancel',
} as const;

/** Length of the UTC day the daily limit counts over, in milliseconds. */
export const DAY_MS = 86_400_000;

/** Start of the UTC day holding `at` (ms since the epoch). */
export function utcDayStart(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/**
 * Whether a requested address is the bound one. EVM addresses mix case only as a checksum, so they
 * compare without case; every other format is case-sensitive (base58, bech32 in lower case).
 */
export function sameAddress(format: AddressFormat, a: string, b: string): boolean {
  return format === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** A checked withdrawal request: amounts in ledger minor units (1e-8). */
export interface WithdrawOrder {
  userId: number;
  coin: string;
  chain: string;
  format: AddressFormat;
  /** As the user typed it; must be the bound address. */
  address: string;
  /** Taken from the spot account, fee included. */
  amount: bigint;
  fee: bigint;
}

/** What a user may withdraw of one coin now; every amount in ledger minor units (1e-8). */
export interface QuotaUnits {
  available: bigint;
  /** Credited deposits still short of their final confirmation. */
  locked: bigint;
  /** available − locked, never below zero. */
  withdrawable: bigint;
  dailyLimit: bigint;
  usedToday: bigint;
  verified: boolean;
}

/** What the service reads besides its own tables. */
export interface WithdrawServiceDeps {
  engine: Engine;
  ledger: Ledger;
  opsJournal: OpsJournal;
  /** Daily limits per coin; a coin without one cannot be withdrawn. */
  withdrawLimits: Readonly<Record<string, WithdrawLimit>>;
  /**
   * Credited deposits short of their final confirmation, per user and coin (units); inside a writer
   * command, as the batch has left them.
   */
  depositLocks(userId: number, coin: string): Promise<bigint>;
  now?: () => number;
}

/**
 * Withdrawals: each change is the business row and its ledger transaction in one writer command, and
 * every check that depends on balances or on other withdrawals (limit, deposit lock, bound address,
 * the status of the one being closed) runs inside that command. Commands run one after another, so
 * the check and the freeze (or the settlement) of one request see every request before it: no two
 * requests can spend the same balance, and a withdrawal is closed exactly once.
 */
export class WithdrawService {
  readonly addresses: AddressStore;
  readonly store: WithdrawalStore;
  private readonly engine: Engine;
  private readonly ledger: Ledger;
  private readonly opsJournal: OpsJournal;
  private readonly limits: Readonly<Record<string, WithdrawLimit>>;
  private readonly locks: (userId: number, coin: string) => Promise<bigint>;
  private readonly now: () => number;
  private readonly kycOf: (userId: number) => Promise<KycState | undefined>;

  constructor(deps: WithdrawServiceDeps) {
    const { engine } = deps;
    this.engine = engine;
    this.addresses = new AddressStore(engine);
    this.store = new WithdrawalStore(engine);
    this.ledger = deps.ledger;
    this.opsJournal = deps.opsJournal;
    this.limits = deps.withdrawLimits;
    this.locks = deps.depositLocks;
    this.now = deps.now ?? Date.now;
    const users = accounts(engine);
    this.kycOf = (userId) => users.kycOf(userId);
  }

  /**
   * Balances, deposit lock and daily limit of one coin for the user: as committed when called outside
   * a command (the quota page), as the batch left them inside one (a request's check).
   */
  async quota(userId: number, coin: string): Promise<QuotaUnits> {
    const { available } = await this.ledger.balance({ userId, account: 'spot', coin });
    const locked = await this.locks(userId, coin);
    const verified = (await this.kycOf(userId)) === 'verified';
    const limit = this.limits[coin];
    const withdrawable = available > locked ? available - locked : 0n;
    return {
      available,
      locked,
      withdrawable,
      dailyLimit: limit ? toUnits(verified ? limit.verified : limit.unverified) : 0n,
      usedToday: await this.store.usedSince(userId, coin, utcDayStart(this.now())),
      verified,
    };
  }

  /** Checks and freezes the amount and records the request for review, in one command. */
  async request(o: WithdrawOrder): Promise<WithdrawalRow> {
    try {
      return await this.engine.writer.run(() => this.applyRequest(o));
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
      throw err;
    }
  }

  /** The user takes back their own withdrawal while it is in review; the amount is unfrozen. */
  cancel(userId: number, id: number): Promise<OpsWithdrawalRow> {
    return this.close(
      id,
      (row) => this.release(row, 'cancelled', null, null, WITHDRAW_KINDS.cancel, `user:${userId}`),
      userId,
    );
  }

  /** The operator paid the withdrawal out on the chain as `txid`: the frozen amount leaves the exchange. */
  approve(operator: string, id: number, txid: string): Promise<OpsWithdrawalRow> {
    return this.close(
      id,
      async (row) => {
        const decidedAt = this.now();
        const spot = { userId: row.userId, account: 'spot' as const, coin: row.coin };
        await this.ledger.post(
          {
            kind: WITHDRAW_KINDS.send,
            refType: 'withdrawals',
            refId: String(row.id),
            actor: `operator:${operator}`,
            memo: txid,
          },
          [
            { ...spot, field: 'frozen', delta: -row.amount },
            { userId: HOUSE_USER_ID, account: 'spot', coin: row.coin, field: 'available', delta: row.fee },
            {
              userId: WORLD_USER_ID,
              account: 'spot',
              coin: row.coin,
              field: 'available',
              delta: row.amount - row.fee,
            },
          ],
        );
        const decision = { status: 'approved' as const, txid, reason: null, decidedBy: operator, decidedAt };
        await this.closeRow(row, decision);
        await this.opsJournal.record({
          operator,
          action: 'withdrawal.approve',
          targetType: 'withdrawals',
          targetId: String(row.id),
          detail: {
            userId: row.userId,
            coin: row.coin,
            amount: String(row.amount),
            fee: String(row.fee),
            txid,
          },
          before: { status: row.status },
          after: { status: 'approved', txid },
        });
        return { ...row, ...decision };
      },
      null,
    );
  }

  /** The operator refuses the withdrawal: the amount is unfrozen back to the user's spot account. */
  reject(operator: string, id: number, reason: string): Promise<OpsWithdrawalRow> {
    return this.close(
      id,
      async (row) => {
        const out = await this.release(
          row,
          'rejected',
          reason,
          operator,
          WITHDRAW_KINDS.reject,
          `operator:${operator}`,
        );
        await this.opsJournal.record({
          operator,
          action: 'withdrawal.reject',
          targetType: 'withdrawals',
          targetId: String(row.id),
          detail: { userId: row.userId, coin: row.coin, amount: String(row.amount), reason },
          before: { status: row.status },
          after: { status: 'rejected', reason },
        });
        return out;
      },
      null,
    );
  }

  /**
   * One command: reads the withdrawal, refuses it unless it is the owner's (when `ownerId` is given)
   * and still in review, then lets `settle` close it. A refusal anywhere undoes the whole command.
   */
  private close(
    id: number,
    settle: (row: OpsWithdrawalRow) => Promise<OpsWithdrawalRow>,
    ownerId: number | null,
  ): Promise<OpsWithdrawalRow> {
    return this.engine.writer.run(async () => {
      const row = await this.store.get(id);
      // Someone else's id answers exactly like a missing one, so ids reveal nothing.
      if (!row || (ownerId !== null && row.userId !== ownerId)) throw notFound();
      if (row.status !== 'review') throw fail('recordNotPending', 'id');
      return settle(row);
    });
  }

  private async applyRequest(o: WithdrawOrder): Promise<WithdrawalRow> {
    // Read again here: the address may have been unbound or replaced while the password was checked.
    const bound = await this.addresses.find(o.userId, o.coin, o.chain);
    if (!bound) throw fail('withdrawAddressRequired', 'address');
    if (!sameAddress(o.format, bound.address, o.address)) throw fail('boundMismatch', 'address');
    if (!this.limits[o.coin]) throw fail('withdrawDisabled', 'coin');
    // Inside the command: the balance, lock and day's total as every command before this one left them.
    const q = await this.quota(o.userId, o.coin);
    if (q.usedToday + o.amount > q.dailyLimit) throw fail('withdrawDailyLimit', 'amount');
    if (o.amount > q.withdrawable) {
      throw fail(o.amount <= q.available ? 'withdrawAwaitingConfirmations' : 'insufficientBalance', 'amount');
    }
    const row = await this.store.insert({
      userId: o.userId,
      coin: o.coin,
      chain: o.chain,
      address: bound.address,
      amount: o.amount,
      fee: o.fee,
      createdAt: this.now(),
    });
    await this.ledger.freeze(
      {
        kind: WITHDRAW_KINDS.freeze,
        refType: 'withdrawals',
        refId: String(row.id),
        actor: `user:${o.userId}`,
      },
      { userId: o.userId, account: 'spot', coin: o.coin },
      o.amount,
    );
    return row;
  }

  private async release(
    row: OpsWithdrawalRow,
    status: 'rejected' | 'cancelled',
    reason: string | null,
    decidedBy: string | null,
    kind: (typeof WITHDRAW_KINDS)['reject' | 'cancel'],
    actor: string,
  ): Promise<OpsWithdrawalRow> {
    await this.ledger.unfreeze(
      { kind, refType: 'withdrawals', refId: String(row.id), actor },
      { userId: row.userId, account: 'spot', coin: row.coin },
      row.amount,
    );
    const decision = { status, txid: null, reason, decidedBy, decidedAt: this.now() };
    await this.closeRow(row, decision);
    return { ...row, ...decision };
  }

  private async closeRow(row: WithdrawalRow, d: Decision): Promise<void> {
    // The row was read in review inside this same command, so this cannot miss; if it ever did,
    // throwing undoes the ledger change with the command.
    if (!(await this.store.decide(row.id, d))) throw fail('recordNotPending', 'id');
  }
}
