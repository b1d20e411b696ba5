import { baselinePart } from '../db';

/**
 * The live stream's part of the baseline (legacy `022-zhibo`): stream settings, append-only by use
 * (the newest row is the one in force). Times in ms since the epoch.
 */
export const zhiboBaseline = baselinePart(220, (d) => [
  `create table zhibo_streams (
     id ${d.id},
     title text not null default '',
     url text,
     starts_at ${d.int},
     ends_at ${d.int},
     set_by text not null,
     created_at ${d.int} not null,
     check (starts_at is null or ends_at is null or ends_at > starts_at)
   )`,
]);
