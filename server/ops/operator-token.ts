import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** File in DATA_DIR holding the generated demo operator token, for the ops CLI on the same machine. */
export const OPERATOR_TOKEN_FILE = 'operator-token';

/**
 * The shared demo operator token: demo mode only (production refuses it: operators sign in with
 * their accounts and personal tokens). OPERATOR_TOKEN wins. In demo mode without one, a random token
 * is generated once and kept in `DATA_DIR/operator-token` (owner-only) so the ops CLI can find it; an
 * in-memory demo database gets a fresh token per run.
 */
export function resolveOperatorToken(config: Config): string | null {
  if (config.mode !== 'demo') return null;
  if (config.operatorToken) return config.operatorToken;
  if (config.dataDir === ':memory:') return randomBytes(24).toString('base64url');
  const file = path.join(config.dataDir, OPERATOR_TOKEN_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch {
    // no token yet: make one below
  }
  const token = randomBytes(24).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
