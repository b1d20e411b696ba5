import { sql } from 'kysely';
import { ddlFor, type Ddl, type Migration } from '../db';

/**
 * New-coin subscription (IEO). `*_units` are ledger minor units (1e-8) of the quote coin (commits,
 * costs, refunds, the cap, a lot's cost) or of the new coin (lot, total, allocated). A project is
 * edited only before its window opens (checked in the command that edits it); commits, results and
 * allocations are append-only. The result row's primary key is the project, an allocation's the
 * project and user: each is written exactly once, and no column presets or overrides an allocation.
 */
export const IEO_DDL = (d: Ddl): string[] => [
  `create table ieo_projects (
     id ${d.id},
     name text not null,
     coin text not null unique,
     coin_name text not null,
     coin_decimals ${d.int} not null check (coin_decimals between 0 and 8),
     quote text not null,
     account text not null,
     price text not null,
     lot text not null,
     total text not null,
     cap text not null,
     lot_units ${d.int} not null check (lot_units > 0),
     total_units ${d.int} not null check (total_units > 0),
     cap_units ${d.int} not null check (cap_units > 0),
     lot_cost_units ${d.int} not null check (lot_cost_units > 0),
     total_lots ${d.int} not null check (total_lots > 0),
     preheat_at ${d.int} not null,
     opens_at ${d.int} not null,
     closes_at ${d.int} not null,
     website text not null,
     whitepaper text not null,
     explorer text not null,
     description text not null,
     rule text not null check (rule = 'pro-rata-lots'),
     created_by text not null,
     created_at ${d.int} not null,
     updated_at ${d.int} not null,
     check (preheat_at <= opens_at and opens_at < closes_at),
     check (total_units = total_lots * lot_units)
   )`,
  `create index ieo_projects_close on ieo_projects (closes_at, id)`,
  `create table ieo_commits (
     id ${d.id},
     project_id ${d.int} not null references ieo_projects (id),
     user_id ${d.int} not null references users (id),
     amount_units ${d.int} not null check (amount_units > 0),
     committed_at ${d.int} not null,
     tx_id ${d.int} not null
   )`,
  `create index ieo_commits_project on ieo_commits (project_id, user_id)`,
  `create index ieo_commits_user on ieo_commits (user_id, id)`,
  ...d.appendOnly('ieo_commits', 'a subscription is final'),
  `create table ieo_results (
     project_id ${d.int} primary key references ieo_projects (id),
     rule text not null check (rule = 'pro-rata-lots'),
     oversubscribed ${d.int} not null check (oversubscribed in (0, 1)),
     all_commit_units ${d.int} not null,
     subscribers ${d.int} not null,
     allocated_lots ${d.int} not null,
     remainder_lots ${d.int} not null check (remainder_lots >= 0),
     issue_tx_id ${d.int} not null,
     allocated_at ${d.int} not null
   )`,
  ...d.appendOnly('ieo_results', 'an allocation is final'),
  `create table ieo_allocations (
     project_id ${d.int} not null references ieo_results (project_id),
     user_id ${d.int} not null references users (id),
     commit_units ${d.int} not null check (commit_units > 0),
     lots ${d.int} not null check (lots >= 0),
     allocated_units ${d.int} not null check (allocated_units >= 0),
     cost_units ${d.int} not null check (cost_units >= 0),
     refund_units ${d.int} not null check (refund_units >= 0 and refund_units + cost_units = commit_units),
     tx_id ${d.int} not null,
     allocated_at ${d.int} not null,
     primary key (project_id, user_id)
   )`,
  `create index ieo_allocations_user on ieo_allocations (user_id, project_id)`,
  ...d.appendOnly('ieo_allocations', 'an allocation is final'),
];

/** The IEO tables: a step after the baseline, on both engines. */
export const ieoMigration: Migration = {
  name: '101-ieo',
  async up(db, engine) {
    for (const stmt of IEO_DDL(ddlFor(engine))) await sql.raw(stmt).execute(db);
  },
};
