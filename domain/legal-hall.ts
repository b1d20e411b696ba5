import type { LegalConfig } from './legal';
import type { Lang } from './locale';

/** What the P2P hall lists: the user's side (buy or sell the coin), the coin and the fiat currency. */
export interface HallRequest {
  side: 'buy' | 'sell';
  coin: string;
  currency: string;
}

/** The default fiat currency for the app language (LegalConfig.langCurrency), else the first. */
export function defaultCurrency(config: LegalConfig, lang: Lang): string {
  return config.langCurrency[lang] ?? config.currencies[0] ?? 'USD';
}

/**
 * The hall's request from its address (`?side=sell&coin=USDT&currency=CNY`, each optional) and the
 * P2P terms (null before they are in: no currency then): one rule for the page and for the worker,
 * which asks for a first visit's ads as soon as the terms are in (worker/landing-reads.ts), so both
 * must name the same request.
 */
export function hallRequest(
  query: { get(name: string): string | null },
  config: LegalConfig | null,
  lang: Lang,
): HallRequest {
  return {
    side: query.get('side') === 'sell' ? 'sell' : 'buy',
    coin: query.get('coin') ?? config?.coins[0]?.coin ?? 'USDT',
    currency: query.get('currency') ?? (config ? defaultCurrency(config, lang) : ''),
  };
}
