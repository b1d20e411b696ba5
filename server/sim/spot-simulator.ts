import { simMarketOn } from '../config';
import type { ServerContext } from '../module';
import { SIM_STEP_MS, type SpotSimulator } from '../trade/module';
import { seedDemo, topUpBot } from './demo-seed';
import { MarketMakerSim } from './market-maker';

/**
 * SIMULATOR. Demo mode's spot market: `prepare` seeds the demo account and the two bots and, when
 * the market simulator is on, quotes the first full ladder; `start` steps the market maker every
 * SIM_STEP_MS, topping the bots up first. Plugged into the spot module by app.ts.
 */
export function createSpotSimulator(): SpotSimulator {
  let sim: MarketMakerSim | undefined;
  let bots: { makerId: number; takerId: number } | undefined;
  const timers: NodeJS.Timeout[] = [];
  /** The step under way, awaited by `stop` so none runs against a closed database. */
  let stepping: Promise<void> | null = null;
  return {
    async prepare(ctx: ServerContext, orders) {
      if (ctx.config.mode !== 'demo') return;
      const { ledger, catalog } = ctx;
      bots = await seedDemo(ctx.engine, ledger, catalog);
      if (!simMarketOn(ctx.config)) return;
      sim = new MarketMakerSim(orders, {
        makerUserId: bots.makerId,
        takerUserId: bots.takerId,
        startPrices: catalog.simStart,
      });
      await topUpBot(ctx.engine, ledger, bots.makerId, catalog);
      await sim.fill();
    },
    start(ctx: ServerContext) {
      if (!sim || !bots) return;
      const { ledger, catalog } = ctx;
      const { makerId, takerId } = bots;
      const stepper = sim;
      const step = async () => {
        await topUpBot(ctx.engine, ledger, makerId, catalog);
        await topUpBot(ctx.engine, ledger, takerId, catalog);
        await stepper.step();
      };
      timers.push(
        setInterval(() => {
          if (stepping) return;
          stepping = step()
            .catch((err: unknown) => ctx.log.warn({ err }, 'market simulator step refused'))
            .finally(() => (stepping = null));
        }, SIM_STEP_MS),
      );
      ctx.log.info('market-maker SIMULATOR running (demo mode); set SIM_MARKET=off to stop it');
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      await stepping;
    },
  };
}
