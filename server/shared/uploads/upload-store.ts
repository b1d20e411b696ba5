import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadType } from '../../../domain';
import type { Config } from '../../config';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../../db';
import type { UploadClaims } from './upload-claims';

/** A row of `uploads`; `size` in bytes, times in ms since the epoch. */
export interface UploadRow {
  id: string;
  userId: number;
  mime: UploadType;
  size: number;
  sha256: string;
  createdAt: number;
}

/** Upload ids: 128 random bits in hex, which is also a safe file name. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Whether `id` has the shape of an upload id (checked before it is used in a file path). */
export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id);
}

/** Where the upload files are kept, and whether the directory is a throw-away one. */
export interface UploadDir {
  dir: string;
  /** True for an in-memory database: the directory is made now and removed at stop. */
  temporary: boolean;
}

/**
 * `DATA_DIR/uploads`, or a fresh temporary directory when the database is in memory. Refuses a
 * directory inside the served app (`distDir`): proofs must never be reachable as static files.
 */
export function openUploadDir(config: Pick<Config, 'dataDir' | 'distDir'>): UploadDir {
  const temporary = config.dataDir === ':memory:';
  const dir = temporary
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-uploads-'))
    : path.join(config.dataDir, 'uploads');
  const rel = path.relative(path.resolve(config.distDir), path.resolve(dir));
  if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
    if (temporary) fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`uploads directory ${dir} is inside the served app ${config.distDir}; move DATA_DIR`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { dir, temporary };
}

/** The store's statements; the sweep's keep every upload a claim names (UploadClaims). */
function storeStatements(claims: UploadClaims) {
  return {
    insert: sql<
      [id: string, userId: number, mime: UploadType, size: number, sha256: string, createdAt: number]
    >('insert into uploads (id, user_id, mime, size, sha256, created_at) values (?, ?, ?, ?, ?, ?)'),
    byId: sql<[id: string], UploadRow>(
      `select id, user_id as "userId", mime, size, sha256, created_at as "createdAt" from uploads where id = ?`,
      // Number(): PostgreSQL's driver gives bigint columns as strings.
      (r) => ({
        id: r.id as string,
        userId: Number(r.userId),
        mime: r.mime as UploadType,
        size: Number(r.size),
        sha256: r.sha256 as string,
        createdAt: Number(r.createdAt),
      }),
    ),
    // In use: whatever a claim of any area names (deposit proofs, identity photos, fiat images).
    unattached: sql<[before: number], string>(
      `select id from uploads u where created_at < ? and ${claims.unclaimedSql('u.id')}`,
      (r) => r.id as string,
    ),
    remove: sql<[id: string]>(`delete from uploads where id = ? and ${claims.unclaimedSql('uploads.id')}`),
  };
}

/**
 * Proof images: bytes in files named by their random id, metadata in `uploads`. Reads check the
 * owner in SQL; the file is only opened for a row that matched, never for a raw path from a request.
 * Files are written and removed outside writer commands (a command waits on nothing but the
 * database): a file is written before the command that records its row, and removed after the
 * command that deleted its row committed, so a row never names a missing file.
 */
export class UploadStore {
  readonly #q: AsyncPreparedSet<ReturnType<typeof storeStatements>>;

  constructor(
    private readonly engine: Engine,
    readonly dir: string,
    claims: UploadClaims,
    private readonly now: () => number = Date.now,
  ) {
    this.#q = statementsOf(engine, storeStatements(claims));
  }

  /**
   * Removes images uploaded before `before` (ms since the epoch) that no claim names (UploadClaims):
   * a user who picked a proof and then left the form leaves it behind, and nobody may ever read it
   * again.
   * Returns how many went. The rows go first, in one writer command, and their files after it
   * committed, so a file can only outlive its row, never the reverse. A timer runs it; a refused
   * command (the writer busy) rejects and leaves everything for the next run.
   */
  async sweepUnattached(before: number): Promise<number> {
    const candidates = await this.#q.unattached.all(before);
    if (candidates.length === 0) return 0;
    const removed = await this.engine.writer.run(async () => {
      const gone: string[] = [];
      for (const id of candidates) {
        // Re-checked in the delete itself: a deposit may have claimed the image since the select.
        if ((await this.#q.remove.run(id)).changes > 0) gone.push(id);
      }
      return gone;
    });
    for (const id of removed) await fs.promises.rm(path.join(this.dir, id), { force: true });
    return removed.length;
  }

  /** Writes the file, then records its row in a writer command; a refused insert removes the file again. */
  async save(userId: number, mime: UploadType, bytes: Buffer): Promise<UploadRow> {
    const row: UploadRow = {
      id: randomBytes(16).toString('hex'),
      userId,
      mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt: this.now(),
    };
    const file = path.join(this.dir, row.id);
    // `wx`: never overwrite, even on the impossible collision of two random ids.
    await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    try {
      await this.engine.writer.run(() =>
        this.#q.insert.run(row.id, row.userId, row.mime, row.size, row.sha256, row.createdAt),
      );
    } catch (err) {
      await fs.promises.rm(file, { force: true });
      throw err;
    }
    return row;
  }

  /** The row of an upload, or undefined for an unknown or malformed id. */
  async get(id: string): Promise<UploadRow | undefined> {
    if (!isUploadId(id)) return undefined;
    return this.#q.byId.get(id);
  }

  /** The upload if `userId` owns it. */
  async owned(id: string, userId: number): Promise<UploadRow | undefined> {
    const row = await this.get(id);
    return row?.userId === userId ? row : undefined;
  }

  /** The bytes of an upload row. */
  read(row: UploadRow): Promise<Buffer> {
    return fs.promises.readFile(path.join(this.dir, row.id));
  }
}

/** The statements of UploadRecords. */
const RECORD_STATEMENTS = {
  mimeOf: sql<[id: string], UploadType>('select mime from uploads where id = ?', (r) => r.mime as UploadType),
  owned: sql<[id: string, userId: number], string>(
    'select id from uploads where id = ? and user_id = ?',
    (r) => r.id as string,
  ),
};

/**
 * Checks on upload rows for the areas that keep uploads (fiat images), without the files. Whether an
 * upload is still free to take is `UploadClaims.isFreeFor`.
 */
export class UploadRecords {
  readonly #q: AsyncPreparedSet<typeof RECORD_STATEMENTS>;

  constructor(engine: Engine) {
    this.#q = statementsOf(engine, RECORD_STATEMENTS);
  }

  /** The image type of an upload, or undefined for an unknown id. */
  mimeOf(id: string): Promise<UploadType | undefined> {
    return this.#q.mimeOf.get(id);
  }

  /** Whether `userId` owns upload `id` (inside a command, as the command's batch has it). */
  async isOwnedBy(id: string, userId: number): Promise<boolean> {
    return (await this.#q.owned.get(id, userId)) !== undefined;
  }
}
