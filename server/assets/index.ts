/**
 * The assets area's face for other areas: `depositActivity(engine)` tells who had deposits credited
 * (see DepositActivity). The ServerModule is in `module.ts`.
 */
import type { Engine } from '../db';
import { DepositActivity } from './deposit-activity';

export { DepositActivity } from './deposit-activity';

const faces = new WeakMap<Engine, DepositActivity>();

/** The deposit activity on this database (one per engine). */
export function depositActivity(engine: Engine): DepositActivity {
  let face = faces.get(engine);
  if (!face) faces.set(engine, (face = new DepositActivity(engine)));
  return face;
}
export { checkUpload } from './bank/rules';
export { bankMigration } from './bank/schema';
export {
  type ChainListener,
  type ChainTransfer,
  type SimDepositReq,
  type SimDepositResult,
  type SimMined,
  SimTxConflictError,
  type SimulatedChain,
} from './chain';
export { depositsMigration } from './deposits/schema';
export { assetsMigration } from './schema';
export { withdrawalsMigration } from './withdrawals/schema';
export { pendingAssetCounts } from './pending';
