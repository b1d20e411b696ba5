import { channels, type PrivateEvent } from '../../../domain';
import { simChainOn } from '../../config';
import { accounts } from '../../mine';
import type { ServerContext, ServerModule } from '../../module';
import { balancePusher } from '../../shared/balance-push';
import type { ChainAdapter, SimulatedChain } from '../chain';
import { DepositAddressStore } from './address-store';
import { DepositService } from './deposit-service';
import { DepositStore } from './deposit-store';
import { registerDepositOps } from './ops-routes';
import { registerDepositRoutes, toCryptoDeposit } from './routes';
import { depositsMigration } from './schema';
import { depositsBaseline } from './baseline';

/** How the deposits area reaches the chains. */
export interface DepositsOptions {
  /**
   * Builds a real chain adapter (a node or custody API). Without it the simulated chain runs when
   * `simChainOn(config)` (demo mode), and otherwise there is no chain: deposit addresses answer
   * `depositDisabled`.
   */
  adapter?(ctx: ServerContext): ChainAdapter | Promise<ChainAdapter>;
  /**
   * Builds the simulated chain (server/sim; app.ts plugs it in), used when there is no `adapter`
   * and `simChainOn(config)` (demo mode).
   */
  simulated?(ctx: ServerContext): SimulatedChain | Promise<SimulatedChain>;
}

/**
 * The crypto deposits area: personal deposit addresses, deposits followed through their
 * confirmations and credited once, and the operator's deposit routes (with the simulated chain's
 * controls in demo mode). A factory, as each server needs its own chain adapter and timer.
 */
export function createDepositsModule(options: DepositsOptions = {}): ServerModule {
  let adapter: ChainAdapter | null = null;
  let service: DepositService | null = null;
  let unsubscribe: (() => void) | undefined;

  return {
    name: 'deposits',
    migrations: [depositsMigration, depositsBaseline],
    async register(ctx) {
      const { config, catalog, engine, ledger, hub } = ctx;
      const sim = (!options.adapter && simChainOn(config) && (await options.simulated?.(ctx))) || null;
      adapter = (await options.adapter?.(ctx)) ?? sim;
      const addresses = new DepositAddressStore(engine);
      const pushBalances = balancePusher(ctx);
      const pushToUser = (userId: number, event: PrivateEvent) => {
        if (hub.hasSubscribers(channels.private)) hub.publishToUser(userId, channels.private, event);
      };
      const chainAdapter = adapter;
      service = chainAdapter
        ? new DepositService({
            engine,
            ledger,
            adapter: chainAdapter,
            addresses,
            coins: catalog.coins,
            coinChains: catalog.coinChains,
            log: ctx.log,
            onChange(row, credited) {
              pushToUser(row.userId, { type: 'deposit', deposit: toCryptoDeposit(row, catalog.coins) });
              if (!credited) return;
              pushBalances(row.userId);
            },
          })
        : null;
      if (!chainAdapter) ctx.log.warn('no chain adapter: crypto deposits are off');
      const users = accounts(engine);
      // Without an adapter nothing is ever deposited, but the tables still answer (empty lists).
      const deposits = service?.store ?? new DepositStore(engine);
      registerDepositRoutes(ctx.registry, {
        adapter: chainAdapter,
        addresses,
        deposits,
        coins: catalog.coins,
        chains: catalog.chains,
        coinChains: catalog.coinChains,
      });
      registerDepositOps(ctx.ops, {
        sim,
        addresses,
        deposits,
        opsJournal: ctx.opsJournal,
        findUser: async (account) => {
          const id = await users.idOf(account);
          return id === undefined ? undefined : { id };
        },
        coins: catalog.coins,
        chains: catalog.chains,
        coinChains: catalog.coinChains,
      });
    },
    async start(ctx) {
      if (!adapter || !service) return;
      unsubscribe = adapter.subscribe(service);
      // The adapter reports recent transfers and tips again; then every open deposit is brought up to
      // the current heights, whatever happened while the server was down.
      await adapter.start();
      // A refused catch-up (the database busy) must not stop the server: the next block catches up.
      await service
        .catchUp()
        .catch((err: unknown) => ctx.log.warn({ err }, 'deposits: catching up with the chains failed'));
    },
    async stop() {
      await adapter?.stop();
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
