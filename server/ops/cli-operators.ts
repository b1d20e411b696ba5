import path from 'node:path';
import { allMigrations } from '../app';
import { openDatabase, openPostgresDatabase } from '../db/module';
import { OpsAuth } from './auth-service';
import { OperatorAdmin, roleOf } from './operator-admin';
import { OpsJournal } from './ops-journal';

/** Where the CLI asks for the password when OPS_PASSWORD is not set. */
export type PasswordPrompt = (question: string) => Promise<string>;

/**
 * `operators/create name=… role=…` on the server machine: opens the database itself (DATABASE_URL,
 * else DATA_DIR's SQLite file), with no token, so the first admin can exist. The password comes
 * from OPS_PASSWORD or the prompt (typed twice, not echoed). Refuses a name that exists. The audit
 * row names `by` (the OS user) as the operator who acted.
 */
export async function createOperatorOffline(
  fields: Record<string, string>,
  env: NodeJS.ProcessEnv,
  cwd: string,
  by: string,
  prompt: PasswordPrompt,
): Promise<unknown> {
  const name = (fields.name ?? '').trim().toLowerCase();
  const role = roleOf(fields.role ?? '');
  let password = env.OPS_PASSWORD ?? '';
  if (password === '') {
    password = await prompt(`password for ${name}: `);
    if ((await prompt('again: ')) !== password) throw new Error('the two passwords differ');
  }
  const url = env.DATABASE_URL?.trim();
  const db = url
    ? await openPostgresDatabase(url, allMigrations())
    : await openDatabase(path.resolve(cwd, env.DATA_DIR?.trim() || 'data/'), allMigrations());
  try {
    const journal = new OpsJournal(db.engine);
    const auth = new OpsAuth(db.engine, journal);
    const admin = new OperatorAdmin(db.engine, auth, journal);
    return await admin.create(
      { name: by, operatorId: null },
      name,
      role,
      password,
      'created on the server machine',
    );
  } finally {
    await db.close();
  }
}

/** Reads a line from the terminal without echoing it. */
export function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.reject(new Error('set OPS_PASSWORD, or run in a terminal to type it'));
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let text = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}
