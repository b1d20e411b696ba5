import { sql, statementsPerEngine, type Engine } from '../db';

/** Merchants' nicknames: the nickname of each user's newest approved merchant application. */
const STATEMENTS = {
  nicknames: sql<[], { userId: number; nickname: string }>(
    `select a.user_id, a.nickname from legal_applications a
     where a.status = 'approved' and a.id = (select max(b.id) from legal_applications b
       where b.user_id = a.user_id and b.status = 'approved')`,
    (r) => ({ userId: Number(r.user_id), nickname: r.nickname as string }),
  ),
  byPrefix: sql<[pattern: string, limit: number], { userId: number; nickname: string }>(
    `select user_id, nickname from legal_applications
     where status = 'approved' and lower(nickname) like ? escape '\\' order by user_id limit ?`,
    (r) => ({ userId: Number(r.user_id), nickname: r.nickname as string }),
  ),
};

const on = statementsPerEngine(STATEMENTS);

/** The merchant nickname of each of `userIds` that is an approved merchant (the operator console). */
export async function merchantNicknames(
  engine: Engine,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const want = new Set(userIds);
  // Merchants are few (each one approved by hand): one read of them all is cheaper than a list query.
  return new Map(
    (await on(engine).nicknames.all()).filter((r) => want.has(r.userId)).map((r) => [r.userId, r.nickname]),
  );
}

/** Users whose approved merchant nickname starts with `prefix` (any case), at most `limit`. */
export async function merchantsByNickname(engine: Engine, prefix: string, limit: number): Promise<number[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [...new Set((await on(engine).byPrefix.all(pattern, limit)).map((r) => r.userId))];
}
