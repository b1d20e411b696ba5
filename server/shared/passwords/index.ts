import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { currentCommand } from '../../db';

// `Algorithm` is an ambient const enum, which isolatedModules forbids reading; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2 takes tens of milliseconds of CPU: inside a writer command it would stall every other
 * command of the database. Hash and verify before the command; this refuses it as a programming error.
 */
function outsideCommands(what: string): void {
  if (currentCommand()) throw new Error(`${what} inside a writer command: do it before the command`);
}

/** argon2id hash of a password, as a PHC string (salt and parameters included). Never inside a command. */
export async function hashPassword(password: string): Promise<string> {
  outsideCommands('password hashing');
  // OWASP's baseline argon2id parameters: 19 MiB, 2 passes, 1 lane.
  return await hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/**
 * Whether `password` matches the PHC string; false for a malformed hash rather than throwing.
 * Never inside a command.
 */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  outsideCommands('password verification');
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/**
 * A valid hash of a random secret. Logging in to an unknown account verifies against it, so the
 * reply takes as long as for a known account and does not reveal which accounts exist.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
