import { langFromHeader, type AddressLookup, type Settings } from '../../domain';
import { simChainOn, simMarketOn } from '../config';
import type { ServerModule } from '../module';
import { SOCKET_PATH } from '../http';

/** The region subtag of the first Accept-Language entry (`id-ID` → `ID`), or null. */
export function regionFromHeader(value: string | undefined): string | null {
  const first = value?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const region = first
    .split('-')
    .slice(1)
    .find((part) => /^([A-Za-z]{2}|\d{3})$/.test(part));
  return region ? region.toUpperCase() : null;
}

/** Global settings (variant 5) and the address lookup. */
export const systemModule: ServerModule = {
  name: 'system',
  register(ctx) {
    const { config } = ctx;
    ctx.registry.add('settings', (): Settings => ({
      appName: config.appName,
      mode: config.mode,
      simulated: {
        // The spot module runs the market maker exactly when this holds (server/trade/module.ts).
        market: simMarketOn(config),
        // The deposits module runs the simulated chain exactly when this holds (server/assets/deposits).
        chain: simChainOn(config),
        messages: ctx.sender.simulated,
      },
      support: { email: config.supportEmail, hours: config.supportHours },
      socketPath: SOCKET_PATH,
      version: ctx.version,
      serverTime: new Date().toISOString(),
    }));
    ctx.registry.add('address/lookup', ({ request }): AddressLookup => {
      const header = request?.headers['accept-language'];
      const value = Array.isArray(header) ? header[0] : header;
      return { lang: langFromHeader(value?.split(';')[0]) ?? null, region: regionFromHeader(value) };
    });
  },
};
