/**
 * SIMULATORS, for demo mode and tests: the outbox sender, the spot market simulator, the simulated
 * chain. Production modules never import them; the composition root (app.ts) plugs them in through
 * interfaces the areas own (`MessageSender`, `SpotSimulator`, `ChainAdapter`).
 */
import type { ServerContext } from '../module';
import { SimChain } from './sim-chain';

export { simModule } from './module';
export { OutboxSender } from './outbox';
export { createSpotSimulator } from './spot-simulator';
export { SimChain } from './sim-chain';

/** The simulated chain of a server, on its database and catalog (the deposits module's `simulated`). */
export function createSimChain(ctx: ServerContext): Promise<SimChain> {
  return SimChain.open(ctx.engine, ctx.catalog.chains, { blockMs: ctx.config.simChainBlockMs, log: ctx.log });
}
