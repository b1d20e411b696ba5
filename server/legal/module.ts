import fs from 'node:fs';
import path from 'node:path';
import { LEGAL_CHANNEL, type LegalOrderPush } from '../../domain/legal';
import { balancePusher } from '../shared/balance-push';
import { decisionPusher } from '../http';
import { VerifiedNames } from '../identity';
import type { ServerContext, ServerModule } from '../module';
import { isUploadId, UploadRecords } from '../shared/uploads';
import { AdService } from './ad-service';
import { registerLegalOps } from './ops-routes';
import { queuesMoveAfter } from '../ops';
import { OrderService } from './order-service';
import { registerLegalRoutes } from './routes';
import { MerchantStatsReader } from './stats';
import { LegalStore, type OrderRow } from './store';
import { DEFAULT_LEGAL_TERMS, legalTermsProblems, type LegalTerms } from '../market';
import { LegalTimers } from './timers';
import { LegalViews } from './views';
import { LEGAL_UPLOAD_CLAIMS, legalMigration } from './schema';
import { legalBaseline } from './baseline';

/** Options of the fiat module; tests pass a fake clock. */
export interface LegalModuleOptions {
  /** The area's clock (deadlines, cancel days, statistics); Date.now unless set. */
  now?: () => number;
}

/** The fiat module, with a handle for tests to run the timers' sweep at once (after moving a fake clock). */
export interface LegalModule extends ServerModule {
  /** Expires due orders and ads now, each in a writer command of its own; resolves to how many. */
  sweep(): Promise<number>;
}

/** Fiat P2P with merchant stores, escrow, timers and appeals (`legal`). */
export function createLegalModule(options: LegalModuleOptions = {}): LegalModule {
  const now = options.now ?? Date.now;
  let timers: LegalTimers | null = null;
  let sweepFn: () => Promise<number> = () => Promise.resolve(0);
  return {
    name: 'legal',
    migrations: [legalMigration, legalBaseline],
    uploadClaims: LEGAL_UPLOAD_CLAIMS,
    register(ctx: ServerContext) {
      const terms: LegalTerms = (ctx.catalog as { legal?: LegalTerms }).legal ?? DEFAULT_LEGAL_TERMS;
      const problems = legalTermsProblems(terms, new Set(ctx.catalog.coins.map((c) => c.symbol)));
      if (problems.length) throw new Error(`invalid catalog:\n- ${problems.join('\n- ')}`);
      const { engine } = ctx;
      const store = new LegalStore(engine);
      const stats = new MerchantStatsReader(engine, now);
      const views = new LegalViews(engine, store, stats, now);
      const orders = new OrderService({
        engine,
        ledger: ctx.ledger,
        store,
        journal: ctx.opsJournal,
        terms,
        now,
      });
      const ads = new AdService({ engine, ledger: ctx.ledger, store, terms, now });
      const pushBalances = balancePusher(ctx);
      ctx.hub.onSubscribe(LEGAL_CHANNEL, undefined, { private: true });
      // Called after the command that changed the order committed: the pushes read committed rows.
      const changed = async (o: OrderRow) => {
        const row = (await store.order(o.id)) ?? o;
        for (const uid of [row.buyerId, row.sellerId]) {
          if (ctx.hub.hasSubscribers(LEGAL_CHANNEL)) {
            const push: LegalOrderPush = {
              type: 'order',
              order: await views.order(row, uid, orders.decimalsOf(row.coin)),
            };
            ctx.hub.publishToUser(uid, LEGAL_CHANNEL, push);
          }
          await pushBalances(uid);
        }
      };
      // The identity area keeps verified names; without its tables nothing is compared.
      const names = new VerifiedNames(engine);
      const uploadDir = ctx.config.dataDir === ':memory:' ? null : path.join(ctx.config.dataDir, 'uploads');
      const uploads = new UploadRecords(engine);

      // The timers' work: each due order, then each due ad, expired by a writer command of its own
      // that checks again that it is due (a payment or withdrawal that came first wins).
      sweepFn = async () => {
        let n = 0;
        for (const id of await store.ordersDue(now())) {
          const o = await orders.expire(id);
          if (o) {
            await changed(o);
            n++;
          }
        }
        return n + (await ads.expireDue());
      };
      timers = new LegalTimers(
        {
          sweep: () => sweepFn(),
          nextDue: () => store.nextDue(),
        },
        now,
        ctx.log,
      );
      const t = timers;
      registerLegalRoutes(ctx.registry, {
        store,
        views,
        orders,
        ads,
        terms,
        now,
        verifiedName: async (userId) => names.verifiedName(userId),
        async readUpload(id) {
          const mime = isUploadId(id) ? await uploads.mimeOf(id) : undefined;
          if (!uploadDir || !mime) return null;
          const bytes = await fs.promises.readFile(path.join(uploadDir, id)).catch(() => null);
          return bytes ? { mime, data: bytes.toString('base64') } : null;
        },
        changed,
        reschedule: () => void t.reschedule(),
      });
      registerLegalOps(ctx.ops, {
        engine,
        store,
        orders,
        journal: ctx.opsJournal,
        now,
        changed,
        decided: decisionPusher(ctx.hub),
      });
      queuesMoveAfter(
        ctx,
        ['legal/merchantApply', 'legal/appeal'],
        ['legal/applications/approve', 'legal/applications/reject', 'legal/appeals/decide'],
      );
    },
    async start() {
      // Deadlines that passed while the server was down are handled now, before the first request.
      await timers?.start();
    },
    async stop() {
      await timers?.stop();
    },
    sweep: () => sweepFn(),
  };
}
