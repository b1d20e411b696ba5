import type { IeoProjectInput } from '../../domain/ieo-rules';
import type { AccountType } from '../../domain';
import { big, num, sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import {
  PROJECT,
  toAllocation,
  toCommit,
  toProject,
  type AllocationRow,
  type CommitRow,
  type ProjectRow,
  type ResultRow,
} from './store-rows';

export type { AllocationRow, CommitRow, ProjectRow, ResultRow };

type ProjectParams = [
  name: string,
  coin: string,
  coinName: string,
  coinDecimals: number,
  quote: string,
  account: string,
  price: string,
  lot: string,
  total: string,
  cap: string,
  lotUnits: bigint,
  totalUnits: bigint,
  capUnits: bigint,
  lotCostUnits: bigint,
  totalLots: bigint,
  preheatAt: number,
  opensAt: number,
  closesAt: number,
  website: string,
  whitepaper: string,
  explorer: string,
  description: string,
];

const ALLOCATION = `select a.*, p.name, p.coin, p.coin_decimals, p.quote, p.total, p.lot, p.lot_cost_units, r.oversubscribed,
    r.all_commit_units
  from ieo_allocations a join ieo_projects p on p.id = a.project_id
  join ieo_results r on r.project_id = a.project_id`;

/** The statements over the IEO tables, named by what they do. */
const STATEMENTS = {
  insertProject: sql<[...ProjectParams, createdBy: string, createdAt: number, updatedAt: number], number>(
    `insert into ieo_projects (name, coin, coin_name, coin_decimals, quote, account, price, lot, total, cap,
       lot_units, total_units, cap_units, lot_cost_units, total_lots, preheat_at, opens_at, closes_at,
       website, whitepaper, explorer, description, rule, created_by, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pro-rata-lots', ?, ?, ?)
     returning id`,
    (r) => num(r.id),
  ),
  updateProject: sql<[...ProjectParams, updatedAt: number, id: number]>(
    `update ieo_projects set name = ?, coin = ?, coin_name = ?, coin_decimals = ?, quote = ?, account = ?,
       price = ?, lot = ?, total = ?, cap = ?, lot_units = ?, total_units = ?, cap_units = ?,
       lot_cost_units = ?, total_lots = ?, preheat_at = ?, opens_at = ?, closes_at = ?, website = ?,
       whitepaper = ?, explorer = ?, description = ?, updated_at = ?
     where id = ?`,
  ),
  byId: sql<[id: number], ProjectRow>(`${PROJECT} where p.id = ?`, toProject),
  byCoin: sql<[coin: string], ProjectRow>(`${PROJECT} where p.coin = ?`, toProject),
  all: sql<[], ProjectRow>(`${PROJECT} order by p.id desc`, toProject),
  visible: sql<[now: number], ProjectRow>(`${PROJECT} where p.preheat_at <= ? order by p.id desc`, toProject),
  allocated: sql<[], ProjectRow>(`${PROJECT} where r.project_id is not null order by p.id`, toProject),
  // Every project not allocated yet, by closing time: the timer's queue.
  unallocated: sql<[], ProjectRow>(
    `${PROJECT} where r.project_id is null order by p.closes_at, p.id`,
    toProject,
  ),
  totals: sql<[], { projectId: number; units: bigint; users: number }>(
    `select project_id, sum(amount_units) as units, count(distinct user_id) as users
     from ieo_commits group by project_id`,
    (r) => ({ projectId: num(r.project_id), units: big(r.units), users: num(r.users) }),
  ),
  committedBy: sql<[projectId: number, userId: number], bigint>(
    `select coalesce(sum(amount_units), 0) as units from ieo_commits where project_id = ? and user_id = ?`,
    (r) => big(r.units),
  ),
  perUser: sql<[projectId: number], { userId: number; units: bigint }>(
    `select user_id, sum(amount_units) as units from ieo_commits where project_id = ?
     group by user_id order by user_id`,
    (r) => ({ userId: num(r.user_id), units: big(r.units) }),
  ),
  insertCommit: sql<
    [projectId: number, userId: number, amountUnits: bigint, committedAt: number, txId: number],
    number
  >(
    `insert into ieo_commits (project_id, user_id, amount_units, committed_at, tx_id)
     values (?, ?, ?, ?, ?) returning id`,
    (r) => num(r.id),
  ),
  commitById: sql<[id: number], CommitRow>(
    `select c.*, p.name, p.coin, p.quote from ieo_commits c join ieo_projects p on p.id = c.project_id
     where c.id = ?`,
    toCommit,
  ),
  commitsOf: sql<[userId: number], CommitRow>(
    `select c.*, p.name, p.coin, p.quote from ieo_commits c join ieo_projects p on p.id = c.project_id
     where c.user_id = ? order by c.id desc limit 200`,
    toCommit,
  ),
  insertResult: sql<
    [
      projectId: number,
      oversubscribed: number,
      allCommitUnits: bigint,
      subscribers: number,
      allocatedLots: bigint,
      remainderLots: bigint,
      issueTxId: number,
      allocatedAt: number,
    ]
  >(
    `insert into ieo_results (project_id, rule, oversubscribed, all_commit_units, subscribers,
       allocated_lots, remainder_lots, issue_tx_id, allocated_at)
     values (?, 'pro-rata-lots', ?, ?, ?, ?, ?, ?, ?)`,
  ),
  insertAllocation: sql<
    [
      projectId: number,
      userId: number,
      commitUnits: bigint,
      lots: bigint,
      allocatedUnits: bigint,
      costUnits: bigint,
      refundUnits: bigint,
      txId: number,
      allocatedAt: number,
    ]
  >(
    `insert into ieo_allocations (project_id, user_id, commit_units, lots, allocated_units, cost_units,
       refund_units, tx_id, allocated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  allocationsOf: sql<[userId: number], AllocationRow>(
    `${ALLOCATION} where a.user_id = ? order by a.allocated_at desc, a.project_id desc limit 200`,
    toAllocation,
  ),
};

/** Reads and writes of the IEO tables; writes run inside the service's writer commands. */
export class IeoStore {
  private readonly q: AsyncPreparedSet<typeof STATEMENTS>;

  constructor(engine: Engine) {
    this.q = statementsOf(engine, STATEMENTS, { bigints: true });
  }

  private static params(p: IeoProjectInput, account: AccountType): ProjectParams {
    return [
      p.name,
      p.coin,
      p.coinName,
      p.coinDecimals,
      p.quote,
      account,
      p.price,
      p.lot,
      p.total,
      p.cap,
      p.lotUnits,
      p.totalUnits,
      p.capUnits,
      p.lotCostUnits,
      p.totalLots,
      p.preheatAt,
      p.opensAt,
      p.closesAt,
      p.links.website,
      p.links.whitepaper,
      p.links.explorer,
      p.description,
    ];
  }

  async insertProject(
    p: IeoProjectInput,
    account: AccountType,
    operator: string,
    at: number,
  ): Promise<number> {
    return (await this.q.insertProject.get(...IeoStore.params(p, account), operator, at, at))!;
  }

  async updateProject(id: number, p: IeoProjectInput, account: AccountType, at: number): Promise<void> {
    await this.q.updateProject.run(...IeoStore.params(p, account), at, id);
  }

  project(id: number): Promise<ProjectRow | undefined> {
    return this.q.byId.get(id);
  }

  projectByCoin(coin: string): Promise<ProjectRow | undefined> {
    return this.q.byCoin.get(coin);
  }

  /** Every project, newest first (operators). */
  all(): Promise<ProjectRow[]> {
    return this.q.all.all();
  }

  /** Projects whose preheat has begun at `now`, newest first (users). */
  visible(now: number): Promise<ProjectRow[]> {
    return this.q.visible.all(now);
  }

  allocated(): Promise<ProjectRow[]> {
    return this.q.allocated.all();
  }

  unallocated(): Promise<ProjectRow[]> {
    return this.q.unallocated.all();
  }

  /** Σ commits and subscribers per project. */
  async totals(): Promise<Map<number, { units: bigint; users: number }>> {
    return new Map((await this.q.totals.all()).map((t) => [t.projectId, t]));
  }

  async committedBy(projectId: number, userId: number): Promise<bigint> {
    return (await this.q.committedBy.get(projectId, userId)) ?? 0n;
  }

  /** Each subscriber's Σ commits to a project, by user id. */
  perUser(projectId: number): Promise<Array<{ userId: number; units: bigint }>> {
    return this.q.perUser.all(projectId);
  }

  async insertCommit(
    projectId: number,
    userId: number,
    units: bigint,
    at: number,
    txId: number,
  ): Promise<number> {
    return (await this.q.insertCommit.get(projectId, userId, units, at, txId))!;
  }

  commit(id: number): Promise<CommitRow | undefined> {
    return this.q.commitById.get(id);
  }

  commitsOf(userId: number): Promise<CommitRow[]> {
    return this.q.commitsOf.all(userId);
  }

  async insertResult(projectId: number, r: ResultRow): Promise<void> {
    await this.q.insertResult.run(
      projectId,
      r.oversubscribed ? 1 : 0,
      r.allCommitUnits,
      r.subscribers,
      r.allocatedLots,
      r.remainderLots,
      r.issueTxId,
      r.allocatedAt,
    );
  }

  async insertAllocation(
    a: Pick<
      AllocationRow,
      | 'projectId'
      | 'userId'
      | 'commitUnits'
      | 'lots'
      | 'allocatedUnits'
      | 'costUnits'
      | 'refundUnits'
      | 'txId'
      | 'allocatedAt'
    >,
  ): Promise<void> {
    await this.q.insertAllocation.run(
      a.projectId,
      a.userId,
      a.commitUnits,
      a.lots,
      a.allocatedUnits,
      a.costUnits,
      a.refundUnits,
      a.txId,
      a.allocatedAt,
    );
  }

  allocationsOf(userId: number): Promise<AllocationRow[]> {
    return this.q.allocationsOf.all(userId);
  }
}
