import type { KycState } from '../../domain';
import type { KycDocType } from '../../domain/identity-rules';
import { sql, statementsOf, type AsyncPreparedSet, type Engine } from '../db';
import { accounts, type Accounts } from '../mine';
import type { OpsJournal } from '../ops';
import type { UploadClaims } from '../shared/uploads';

/** A row of `identity_kyc`; times in ms since the epoch. */
export interface KycRow {
  id: number;
  userId: number;
  name: string;
  docType: KycDocType;
  /** Unmasked; only the operator sees it whole. */
  idNumber: string;
  frontId: string;
  backId: string;
  handId: string;
  status: 'review' | 'verified' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** A new submission. */
export type NewKyc = Pick<
  KycRow,
  'userId' | 'name' | 'docType' | 'idNumber' | 'frontId' | 'backId' | 'handId' | 'createdAt'
>;

/** Raised when the user already has a submission under review (the partial unique index). */
export class KycPendingError extends Error {}

/** Raised when the user is verified already. */
export class KycVerifiedError extends Error {}

/** Raised when a photo is not the user's own free upload (any more): `field` names the form field. */
export class KycPhotoError extends Error {
  constructor(readonly field: KycPhotoField) {
    super(`photo ${field} is not free`);
  }
}

/** The photo fields of a submission, in the order the form shows them. */
export const KYC_PHOTO_FIELDS = ['frontId', 'backId', 'handId'] as const;
export type KycPhotoField = (typeof KYC_PHOTO_FIELDS)[number];

const COLS = `id, user_id as "userId", name, doc_type as "docType", id_number as "idNumber",
  front_id as "frontId", back_id as "backId", hand_id as "handId", status, reason,
  decided_by as "decidedBy", created_at as "createdAt", decided_at as "decidedAt"`;

// Integers are read with Number(): SQLite gives numbers, PostgreSQL's bigint columns strings.
const toRow = (r: Record<string, unknown>): KycRow => ({
  ...(r as unknown as KycRow),
  id: Number(r.id),
  userId: Number(r.userId),
  createdAt: Number(r.createdAt),
  decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
});

/** A unique constraint refused the row: SQLite's code, or PostgreSQL's SQLSTATE 23505. */
const isUnique = (err: unknown) => {
  const code = err instanceof Error ? (err as { code?: string }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** The statements over `identity_kyc`, named by what they do. */
const STATEMENTS = {
  insert: sql<
    [
      userId: number,
      name: string,
      docType: KycDocType,
      idNumber: string,
      frontId: string,
      backId: string,
      handId: string,
      createdAt: number,
    ],
    number
  >(
    `insert into identity_kyc (user_id, name, doc_type, id_number, front_id, back_id, hand_id, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, 'review', ?) returning id`,
    (r) => Number(r.id),
  ),
  latest: sql<[userId: number], KycRow>(
    `select ${COLS} from identity_kyc where user_id = ? order by id desc limit 1`,
    toRow,
  ),
  byId: sql<[id: number], KycRow>(`select ${COLS} from identity_kyc where id = ?`, toRow),
  list: sql<
    [status: KycRow['status'] | null, status2: KycRow['status'] | null, before: number, limit: number],
    KycRow
  >(
    `select ${COLS} from identity_kyc where (cast(? as text) is null or status = ?) and id < ?
     order by id desc limit ?`,
    toRow,
  ),
  decide: sql<
    [status: 'verified' | 'rejected', reason: string | null, decidedBy: string, decidedAt: number, id: number]
  >(
    `update identity_kyc set status = ?, reason = ?, decided_by = ?, decided_at = ?
     where id = ? and status = 'review'`,
  ),
};

/**
 * Identity submissions. A submission and the user's `kyc` state change in one writer command, with
 * the checks that decide it (the user's state, the photos still free); an operator's decision with
 * its `ops_actions` row in the same one.
 */
export class KycStore {
  readonly #q: AsyncPreparedSet<typeof STATEMENTS>;
  readonly #users: Accounts;

  /** `claims`: the uploads every area keeps, so a photo already kept anywhere is refused. */
  constructor(
    private readonly engine: Engine,
    private readonly journal: OpsJournal,
    private readonly claims: UploadClaims,
  ) {
    this.#q = statementsOf(engine, STATEMENTS);
    this.#users = accounts(engine);
  }

  /** The user's latest submission. */
  latest(userId: number): Promise<KycRow | undefined> {
    return this.#q.latest.get(userId);
  }

  get(id: number): Promise<KycRow | undefined> {
    return this.#q.byId.get(id);
  }

  /** Submissions newest first, optionally of one status, with ids below `before`. */
  list(status: KycRow['status'] | null, before: number, limit: number): Promise<KycRow[]> {
    return this.#q.list.all(status, status, before, limit);
  }

  /** Whether `uploadId` is the user's own upload and nothing keeps it yet. */
  photoFree(uploadId: string, userId: number): Promise<boolean> {
    // Owned by the user, and kept by nothing yet (another submission, a bank deposit proof).
    return this.claims.isFreeFor(uploadId, userId);
  }

  /** The user's `users.kyc`. */
  userKyc(userId: number): Promise<KycState | undefined> {
    return this.#users.kycOf(userId);
  }

  /**
   * Stores a submission in review and marks the user under review, in one command that first checks
   * again what the caller checked before it: throws KycVerifiedError, KycPendingError or
   * KycPhotoError (the first photo no longer free) and then writes nothing.
   */
  submit(row: NewKyc): Promise<KycRow> {
    return this.engine.writer.run(async () => {
      const state = await this.#users.kycOf(row.userId);
      if (state === 'verified') throw new KycVerifiedError();
      if (state === 'review' || (await this.latest(row.userId))?.status === 'review') {
        throw new KycPendingError();
      }
      for (const field of KYC_PHOTO_FIELDS) {
        if (!(await this.photoFree(row[field], row.userId))) throw new KycPhotoError(field);
      }
      let id: number;
      try {
        // A savepoint of its own, so that after a refused insert the command may still read (on
        // PostgreSQL a failed statement spoils the transaction up to its savepoint).
        id = await this.engine.writer.run(
          async () =>
            (
              await this.#q.insert.run(
                row.userId,
                row.name,
                row.docType,
                row.idNumber,
                row.frontId,
                row.backId,
                row.handId,
                row.createdAt,
              )
            ).lastId,
        );
      } catch (err) {
        if (isUnique(err)) {
          // The one-in-review index, or a photo another submission took: both checked above, so
          // this is the database's second line of defence.
          if ((await this.latest(row.userId))?.status === 'review') throw new KycPendingError();
        }
        throw err;
      }
      await this.#users.setKyc(row.userId, 'review');
      return (await this.get(id))!;
    });
  }

  /** Decides a submission in review (null when it is not in review), journaled as `operator`. */
  decide(
    operator: string,
    id: number,
    status: 'verified' | 'rejected',
    reason: string | null,
    at: number,
  ): Promise<KycRow | null> {
    return this.engine.writer.run(async () => {
      if ((await this.#q.decide.run(status, reason, operator, at, id)).changes === 0) return null;
      const row = (await this.get(id))!;
      const from = (await this.#users.kycOf(row.userId)) as KycState;
      const to: KycState = status === 'verified' ? 'verified' : 'none';
      await this.#users.setKyc(row.userId, to);
      await this.journal.record({
        operator,
        action: status === 'verified' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'identity_kyc',
        targetId: String(id),
        detail: { userId: row.userId, from, to, ...(reason !== null && { reason }) },
        // The decide statement changes a submission in review only.
        before: { status: 'review', userKyc: from },
        after: { status, reason, userKyc: to },
      });
      return row;
    });
  }
}
