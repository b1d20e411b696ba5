import type { KycSubmission, KycView } from '../../domain/identity-endpoints';
import {
  idNumberProblem,
  KYC_DOC_TYPES,
  kycNameProblem,
  maskIdNumber,
  normalizeIdNumber,
  normalizeKycName,
  type KycDocType,
} from '../../domain/identity-rules';
import { pageArgs } from '../shared/paging';
import { fail, notFound, idField, str, sessionOf, type HandlerRegistry, type LimitSpec } from '../http';
import type { OpsRegistry } from '../ops';
import {
  KYC_PHOTO_FIELDS,
  KycPendingError,
  KycPhotoError,
  KycVerifiedError,
  type KycRow,
  type KycStore,
} from './kyc-store';

/** Submissions per user per window: a few retries after a refusal, not a flood of reviews. */
export const KYC_SUBMIT_LIMIT = { max: 20, windowMs: 60 * 60_000 } as const;
/** Longest refusal reason, in characters. */
export const KYC_REASON_MAX = 200;

export { KYC_PHOTO_FIELDS };

/** The user's view of a submission: the ID number masked. */
export function toSubmission(r: KycRow): KycSubmission {
  return {
    id: r.id,
    name: r.name,
    docType: r.docType,
    idNumber: maskIdNumber(r.idNumber),
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
  };
}

/** The user's verification state from `users.kyc` and the latest submission. */
export async function kycView(store: KycStore, userId: number): Promise<KycView> {
  const latest = await store.latest(userId);
  const submission = latest ? toSubmission(latest) : null;
  const userKyc = await store.userKyc(userId);
  if (userKyc === 'verified') return { state: 'verified', submission };
  if (userKyc === 'review' || latest?.status === 'review') return { state: 'review', submission };
  if (latest?.status === 'rejected') return { state: 'rejected', submission };
  return { state: 'none', submission };
}

/** What the KYC routes need. */
export interface KycDeps {
  store: KycStore;
  /**
   * After an operator's decision committed: the credit score's identity factor changed, the user is
   * told.
   */
  onDecided(userId: number, status: 'verified' | 'rejected'): Promise<void>;
  now?: () => number;
}

/** `kyc/status` and `kyc/submit` for the signed-in user (variant 3). */
export function registerKycRoutes(registry: HandlerRegistry, deps: KycDeps): void {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const submitLimit: LimitSpec = {
    ...KYC_SUBMIT_LIMIT,
    key: (ctx) => String(sessionOf(ctx).userId),
    errorKey: 'rateLimited',
  };

  registry.add('kyc/status', (ctx) => kycView(store, sessionOf(ctx).userId));

  registry.add(
    'kyc/submit',
    async (ctx) => {
      const userId = sessionOf(ctx).userId;
      // Checked here for the refusal order the form shows; the store checks state and photos again
      // in the command that writes.
      const current = await kycView(store, userId);
      if (current.state === 'verified') throw fail('kycAlreadyVerified');
      if (current.state === 'review') throw fail('kycUnderReview');
      const name = normalizeKycName(str(ctx.input, 'name'));
      const nameProblem = kycNameProblem(name);
      if (nameProblem) throw fail(nameProblem, 'name');
      const docType = str(ctx.input, 'docType').trim() as KycDocType;
      if (!KYC_DOC_TYPES.includes(docType)) throw fail('kycDocType', 'docType');
      const idNumber = normalizeIdNumber(str(ctx.input, 'idNumber'));
      const idProblem = idNumberProblem(docType, idNumber);
      if (idProblem) throw fail(idProblem, 'idNumber');
      const photos: string[] = [];
      for (const field of KYC_PHOTO_FIELDS) {
        const id = str(ctx.input, field).trim();
        // Another user's upload, an unknown id and one already kept elsewhere all mean: no photo yet.
        if (!id || !(await store.photoFree(id, userId))) throw fail('kycPhotoRequired', field);
        if (photos.includes(id)) throw fail('kycPhotoReused', field);
        photos.push(id);
      }
      const [frontId, backId, handId] = photos as [string, string, string];
      try {
        await store.submit({ userId, name, docType, idNumber, frontId, backId, handId, createdAt: now() });
      } catch (err) {
        if (err instanceof KycVerifiedError) throw fail('kycAlreadyVerified');
        if (err instanceof KycPendingError) throw fail('kycUnderReview');
        if (err instanceof KycPhotoError) throw fail('kycPhotoRequired', err.field);
        throw err;
      }
      return kycView(store, userId);
    },
    { limits: [submitLimit] },
  );
}

const STATUSES: readonly KycRow['status'][] = ['review', 'verified', 'rejected'];

/**
 * The operator's review of identity submissions (`/api/ops/kyc…`): list them with the whole ID
 * number and photo ids (read with `uploads/get`), approve, or reject with a reason. Each decision is
 * journaled in `ops_actions` in the transaction that changes the user's state.
 */
export function registerKycOps(
  ops: OpsRegistry,
  deps: KycDeps & { accountsOf(userIds: readonly number[]): Promise<Map<number, string>> },
): void {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  /** Submissions with their users' accounts, read in one go. */
  const toOps = async (rows: KycRow[]) => {
    const names = await deps.accountsOf(rows.map((r) => r.userId));
    return rows.map((r) => ({ ...r, account: names.get(r.userId) ?? '' }));
  };

  ops.add('GET', 'kyc', 'read', async ({ input }) => {
    const status = str(input, 'status').trim();
    if (status !== '' && !STATUSES.includes(status as KycRow['status'])) throw fail('badRequest', 'status');
    const { before, limit } = pageArgs(input);
    return toOps(await store.list(status === '' ? null : (status as KycRow['status']), before, limit));
  });

  const decide = async (
    operator: string,
    id: number,
    status: 'verified' | 'rejected',
    reason: string | null,
  ) => {
    const row = await store.decide(operator, id, status, reason, now());
    if (!row) {
      if (!(await store.get(id))) throw notFound();
      throw fail('kycNotInReview', 'id');
    }
    await deps.onDecided(row.userId, status);
    return (await toOps([(await store.get(id))!]))[0];
  };

  ops.add('POST', 'kyc/approve', 'review', ({ operator, input }) =>
    decide(operator, idField(input, 'id'), 'verified', null),
  );

  ops.add('POST', 'kyc/reject', 'review', ({ operator, input }) => {
    const id = idField(input, 'id');
    const reason = str(input, 'reason').trim().replace(/\s+/g, ' ');
    if (!reason) throw fail('reasonRequired', 'reason');
    if ([...reason].length > KYC_REASON_MAX) throw fail('textTooLong', 'reason');
    return decide(operator, id, 'rejected', reason);
  });
}
