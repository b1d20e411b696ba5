import fs from 'node:fs';
import { decisionPusher } from '../../http';
import type { ServerModule } from '../../module';
import { balancePusher } from '../../shared/balance-push';
import { BankStore } from './bank-store';
import { registerBankOps } from './ops-routes';
import { queuesMoveAfter } from '../../ops';
import { BankReviewService } from './review-service';
import { registerBankRoutes } from './routes';
import { openUploadDir, UploadStore } from '../../shared/uploads';
import { BANK_UPLOAD_CLAIMS, bankMigration } from './schema';
import { bankBaseline } from './baseline';

/** How long a proof image may wait for its deposit form to be sent, in milliseconds. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3_600_000;
/** How often images no deposit uses are removed, in milliseconds. */
const UPLOAD_SWEEP_MS = 3_600_000;

/**
 * The bank-card area: binding the card, proof uploads, bank-card deposits and the operator's review
 * of them. Each call makes a module with its own upload directory, so servers in one process (tests)
 * never share or remove each other's files.
 */
export function createBankModule(): ServerModule {
  let temporaryDir: string | null = null;
  let uploads: UploadStore | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  /** The sweep under way, awaited by `stop`. */
  let sweeping: Promise<void> | null = null;
  return {
    name: 'bank',
    migrations: [bankMigration, bankBaseline],
    uploadClaims: BANK_UPLOAD_CLAIMS,
    register(ctx) {
      const { dir, temporary } = openUploadDir(ctx.config);
      if (temporary) temporaryDir = dir;
      const store = new BankStore(ctx.engine, ctx.uploadClaims);
      uploads = new UploadStore(ctx.engine, dir, ctx.uploadClaims);
      registerBankRoutes(ctx.registry, {
        engine: ctx.engine,
        rateLimits: ctx.config.rateLimits,
        terms: ctx.catalog.bankDeposit,
        coins: ctx.catalog.coins,
        store,
        uploads,
      });
      registerBankOps(ctx.ops, {
        engine: ctx.engine,
        coins: ctx.catalog.coins,
        store,
        uploads,
        review: new BankReviewService(ctx.engine, ctx.ledger, ctx.opsJournal, store),
        journal: ctx.opsJournal,
        onBalances: balancePusher(ctx),
        onDecided: decisionPusher(ctx.hub),
      });
      queuesMoveAfter(ctx, ['assets/bankDeposit'], ['bank-deposits/confirm', 'bank-deposits/reject']);
    },
    start(ctx) {
      const store = uploads;
      if (!store) return;
      const sweep = () => {
        // One sweep at a time; a refused or failed one is logged and the next hour tries again.
        sweeping ??= store
          .sweepUnattached(Date.now() - UNATTACHED_UPLOAD_TTL_MS)
          .then(
            () => undefined,
            (err: unknown) => ctx.log.error({ err }, 'upload sweep failed'),
          )
          .finally(() => (sweeping = null));
      };
      sweep();
      sweeper = setInterval(sweep, UPLOAD_SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await sweeping;
      if (temporaryDir) fs.rmSync(temporaryDir, { recursive: true, force: true });
      temporaryDir = null;
    },
  };
}

/** One server's bank module; `defaultModules()` makes a fresh one per server with `createBankModule()`. */
export const bankModule: ServerModule = createBankModule();
