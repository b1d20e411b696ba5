import { allocate } from '../../domain/ieo-math';
import { parseIeoProject, subscribeProblem, type IeoProjectInput } from '../../domain/ieo-rules';
import type { IeoProjectReq, IeoTerms } from '../../domain/ieo-types';
import { toUnits, type CoinInfo } from '../../domain';
import type { Engine } from '../db';
import { fail, notFound } from '../http';
import { InsufficientBalanceError, type Ledger } from '../ledger';
import type { OpsJournal } from '../ops';
import { IeoMoney } from './money';
import { IeoStore, type CommitRow, type ProjectRow } from './store';

/** What an allocation run did, once committed: the projects allocated and who got what. */
export interface Allocated {
  project: ProjectRow;
  userIds: number[];
}

/** A project's figures as the audit trail keeps them around an edit (decimal strings and times). */
function projectState(r: ProjectRow): Record<string, unknown> {
  const { name, coin, quote, price, lot, total, cap, preheatAt, opensAt, closesAt } = r;
  return { name, coin, quote, price, lot, total, cap, preheatAt, opensAt, closesAt };
}

/**
 * New-coin subscription: operators create and edit projects before they open (journaled), users
 * commit inside the window (amount frozen), and at the window's end the published rule allocates
 * every project exactly once (one writer command per project). `now` is the area's clock.
 */
export class IeoService {
  readonly store: IeoStore;
  private readonly money: IeoMoney;

  constructor(
    private readonly engine: Engine,
    ledger: Ledger,
    private readonly deps: {
      terms: IeoTerms;
      /** The catalog's coins: the quote must be one, the new coin must not. */
      coins: readonly CoinInfo[];
      journal: OpsJournal;
      now: () => number;
    },
  ) {
    this.store = new IeoStore(engine);
    this.money = new IeoMoney(ledger);
  }

  now(): number {
    return this.deps.now();
  }

  private parse(input: Record<string, unknown>): IeoProjectInput {
    const quote = typeof input.quote === 'string' ? input.quote.trim().toUpperCase() : '';
    const decimals = this.deps.coins.find((c) => c.symbol === quote)?.decimals;
    const parsed = parseIeoProject(input as Partial<Record<keyof IeoProjectReq, unknown>>, decimals);
    if (!('ok' in parsed)) throw fail(parsed.key, parsed.field);
    return parsed.ok;
  }

  /** A new project (operator), journaled in the same command. Refuses a window already open. */
  createProject(operator: string, input: Record<string, unknown>): Promise<ProjectRow> {
    const p = this.parse(input);
    return this.engine.writer.run(async () => {
      const at = this.now();
      if (p.opensAt <= at) throw fail('ieoStarted', 'opensAt');
      await this.coinFree(p.coin, null);
      const id = await this.store.insertProject(p, this.deps.terms.account, operator, at);
      await this.deps.journal.record({
        operator,
        action: 'ieo.create',
        targetType: 'ieo_projects',
        targetId: String(id),
        detail: { coin: p.coin, total: p.total, price: p.price, opensAt: p.opensAt, closesAt: p.closesAt },
        before: null,
        after: projectState((await this.store.project(id))!),
      });
      return (await this.store.project(id))!;
    });
  }

  /**
   * Replaces a project's figures (operator) while its window has not opened, journaled; once the
   * window opens (at the area's clock, inside the command) nothing about it can be edited.
   */
  editProject(operator: string, id: number, input: Record<string, unknown>): Promise<ProjectRow> {
    const p = this.parse(input);
    return this.engine.writer.run(async () => {
      const at = this.now();
      const row = await this.store.project(id);
      if (!row) throw notFound();
      if (row.opensAt <= at) throw fail('ieoStarted');
      if (p.opensAt <= at) throw fail('ieoStarted', 'opensAt');
      await this.coinFree(p.coin, id);
      await this.store.updateProject(id, p, this.deps.terms.account, at);
      await this.deps.journal.record({
        operator,
        action: 'ieo.edit',
        targetType: 'ieo_projects',
        targetId: String(id),
        detail: { coin: p.coin, total: p.total, price: p.price, opensAt: p.opensAt, closesAt: p.closesAt },
        before: projectState(row),
        after: projectState((await this.store.project(id))!),
      });
      return (await this.store.project(id))!;
    });
  }

  private async coinFree(coin: string, projectId: number | null): Promise<void> {
    if (this.deps.coins.some((c) => c.symbol === coin)) throw fail('ieoCoinTaken', 'coin');
    const other = await this.store.projectByCoin(coin);
    if (other && other.id !== projectId) throw fail('ieoCoinTaken', 'coin');
  }

  /**
   * A user's commit: checked, then frozen and recorded in one command. The window, the cap (with
   * what the user committed before) and the balance are judged inside it, at the area's clock.
   */
  subscribe(userId: number, projectId: number, amount: string): Promise<CommitRow> {
    return this.engine.writer.run(async () => {
      const p = await this.store.project(projectId);
      if (!p || p.preheatAt > this.now()) throw notFound();
      const at = this.now();
      if (at < p.opensAt || at >= p.closesAt || p.result) throw fail('ieoNotOpen');
      const quoteDecimals = this.deps.coins.find((c) => c.symbol === p.quote)?.decimals ?? 8;
      const before = await this.store.committedBy(p.id, userId);
      const problem = subscribeProblem(
        amount,
        { quoteDecimals, lotCostUnits: p.lotCostUnits, capUnits: p.capUnits },
        before,
      );
      if (problem) throw fail(problem, 'amount');
      const units = toUnits(amount.trim());
      let txId: number;
      try {
        txId = await this.money.commit(p.id, userId, p.account, p.quote, units);
      } catch (err) {
        if (err instanceof InsufficientBalanceError) throw fail('insufficientBalance', 'amount');
        throw err;
      }
      const id = await this.store.insertCommit(p.id, userId, units, at, txId);
      return (await this.store.commit(id))!;
    });
  }

  /** Epoch ms (area clock) of the earliest window end not allocated yet, or undefined. */
  async nextClose(): Promise<number | undefined> {
    return (await this.store.unallocated())[0]?.closesAt;
  }

  /**
   * Allocates every project whose window has ended at `now` and that has no result yet, each in one
   * writer command, in closing order: the total issue comes in, the rule of domain/ieo-math.ts splits
   * it, each subscriber's allocation is one ledger transaction and one row. A project already
   * allocated (by an earlier run) is skipped inside its command, so a run after a restart allocates
   * exactly the ones missed.
   */
  async allocateDue(): Promise<Allocated[]> {
    const out: Allocated[] = [];
    for (const candidate of await this.store.unallocated()) {
      if (candidate.closesAt > this.now()) break;
      const done = await this.engine.writer.run(() => this.allocateOne(candidate.id));
      if (done) out.push(done);
    }
    return out;
  }

  private async allocateOne(projectId: number): Promise<Allocated | null> {
    const p = await this.store.project(projectId);
    const at = this.now();
    if (!p || p.result || p.closesAt > at) return null;
    const subscribers = await this.store.perUser(p.id);
    const rule = allocate(
      subscribers.map((s) => s.units),
      p.totalLots,
      p.lotCostUnits,
    );
    const issueTxId = await this.money.issue(p.id, p.coin, p.totalUnits);
    await this.store.insertResult(p.id, {
      oversubscribed: rule.oversubscribed,
      allCommitUnits: rule.allCommits,
      subscribers: subscribers.length,
      allocatedLots: rule.allocatedLots,
      remainderLots: rule.remainderLots,
      issueTxId,
      allocatedAt: at,
    });
    for (let i = 0; i < subscribers.length; i++) {
      const s = subscribers[i]!;
      const line = rule.lines[i]!;
      const allocated = line.lots * p.lotUnits;
      const txId = await this.money.allocate(
        { projectId: p.id, userId: s.userId, account: p.account, quote: p.quote, coin: p.coin },
        { commit: s.units, cost: line.cost, refund: line.refund, allocated },
      );
      await this.store.insertAllocation({
        projectId: p.id,
        userId: s.userId,
        commitUnits: s.units,
        lots: line.lots,
        allocatedUnits: allocated,
        costUnits: line.cost,
        refundUnits: line.refund,
        txId,
        allocatedAt: at,
      });
    }
    return { project: (await this.store.project(p.id))!, userIds: subscribers.map((s) => s.userId) };
  }
}
