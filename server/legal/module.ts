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
  /** Expires due orders and ads now; returns how many. */
  sweep(): number;
}

/** Fiat P2P with merchant stores, escrow, timers and appeals (`legal`). */
export function createLegalModule(options: LegalModuleOptions = {}): LegalModule {
  const now = options.now ?? Date.now;
  let timers: LegalTimers | null = null;
  let sweepFn: () => number = () => 0;
  return {
    name: 'legal',
    migrations: [legalMigration, legalBaseline],
    uploadClaims: LEGAL_UPLOAD_CLAIMS,
    register(ctx: ServerContext) {
      const terms: LegalTerms = (ctx.catalog as { legal?: LegalTerms }).legal ?? DEFAULT_LEGAL_TERMS;
      const problems = legalTermsProblems(terms, new Set(ctx.catalog.coins.map((c) => c.symbol)));
      if (problems.length) throw new Error(`invalid catalog:\n- ${problems.join('\n- ')}`);
      const store = new LegalStore(ctx.sqlite);
      const stats = new MerchantStatsReader(ctx.sqlite, now);
      const views = new LegalViews(ctx.sqlite, store, stats, now);
      const orders = new OrderService({
        sqlite: ctx.sqlite,
        ledger: ctx.ledger,
        store,
        journal: ctx.opsJournal,
        terms,
        now,
      });
      const ads = new AdService({ sqlite: ctx.sqlite, ledger: ctx.ledger, store, terms, now });
      const pushBalances = balancePusher(ctx);
      ctx.hub.onSubscribe(LEGAL_CHANNEL, undefined, { private: true });
      const changed = (o: OrderRow) => {
        const row = store.order(o.id) ?? o;
        for (const uid of [row.buyerId, row.sellerId]) {
          if (ctx.hub.hasSubscribers(LEGAL_CHANNEL)) {
            const push: LegalOrderPush = {
              type: 'order',
              order: views.order(row, uid, orders.decimalsOf(row.coin)),
            };
            ctx.hub.publishToUser(uid, LEGAL_CHANNEL, push);
          }
          pushBalances(uid);
        }
      };
      // The identity area keeps verified names; without its tables nothing is compared.
      const names = new VerifiedNames(ctx.sqlite);
      const uploadDir = ctx.config.dataDir === ':memory:' ? null : path.join(ctx.config.dataDir, 'uploads');
      const uploads = new UploadRecords(ctx.sqlite);

      sweepFn = () => {
        let n = 0;
        for (const id of store.ordersDue(now())) {
          const o = orders.expire(id);
          if (o) {
            changed(o);
            n++;
          }
        }
        return n + ads.expireDue();
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
        verifiedName: (userId) => names.verifiedName(userId),
        async readUpload(id) {
          const mime = isUploadId(id) ? uploads.mimeOf(id) : undefined;
          if (!uploadDir || !mime) return null;
          const bytes = await fs.promises.readFile(path.join(uploadDir, id)).catch(() => null);
          return bytes ? { mime, data: bytes.toString('base64') } : null;
        },
        changed,
        reschedule: () => t.reschedule(),
      });
      registerLegalOps(ctx.ops, {
        sqlite: ctx.sqlite,
        store,
        orders,
        journal: ctx.opsJournal,
        now,
        changed,
        decided: decisionPusher(ctx.hub),
      });
    },
    start() {
      // Deadlines that passed while the server was down are handled now, before the first request.
      timers?.start();
    },
    stop() {
      timers?.stop();
    },
    sweep: () => sweepFn(),
  };
}
