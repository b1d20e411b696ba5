// The worker's areas, in the order they see each answer and the reverse order they stop in. Adding
// an area is its folder (worker/<area>/index.ts exporting a WorkerModuleFactory) and one line here.
import { assetsModule } from './assets';
import { identityModule } from './identity';
import { kefuModule } from './kefu';
import { legalModule } from './legal';
import { leverModule } from './lever';
import { lockmingModule } from './lockming';
import { marketModule } from './market';
import type { WorkerModuleFactory } from './module';
import { newsModule } from './news';
import { secondModule } from './second';
import { sellModule } from './sell';
import { tradeModule } from './trade';

export const MODULES = [
  marketModule,
  tradeModule,
  assetsModule,
  legalModule,
  leverModule,
  secondModule,
  sellModule,
  newsModule,
  kefuModule,
  identityModule,
  lockmingModule,
] as const;

type ApiOf<F> = F extends WorkerModuleFactory<infer Api> ? Api : never;
type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** What the areas add to CoreApi: every module's `api`, together. */
export type AreaApi = Intersect<ApiOf<(typeof MODULES)[number]>>;
