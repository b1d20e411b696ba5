import type { HandlerRegistry } from '../http';
import { registerHallRoutes } from './hall-routes';
import { registerMerchantRoutes } from './merchant-routes';
import { registerMethodRoutes } from './method-routes';
import { registerOrderRoutes } from './order-routes';
import { legalRouteKit, type LegalRouteDeps } from './route-kit';

/** The signed-in caller's fiat endpoints and the public hall (variant 3 and 2). */
export function registerLegalRoutes(registry: HandlerRegistry, d: LegalRouteDeps): void {
  const kit = legalRouteKit(d);
  registry.add('legal/config', () => d.terms);
  registry.add('legal/me', (ctx) => kit.me(kit.uid(ctx)));
  registerMethodRoutes(registry, d, kit);
  registerHallRoutes(registry, d, kit);
  registerOrderRoutes(registry, d, kit);
  registerMerchantRoutes(registry, d, kit);
}
