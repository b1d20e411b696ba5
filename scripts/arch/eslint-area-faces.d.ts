import type { ESLint, Rule } from 'eslint';

export declare const DEFAULT_TIERS: string[];
export declare const LAZY_PAGE_LOADERS: string[];
export declare const isPageModule: (file: string) => boolean;
export declare const isLazyPageLoader: (from: string, to: string) => boolean;
export declare function areaOf(
  file: string,
  tiers: readonly string[],
): { tier: string; area: string; rest: string } | undefined;
export declare const isFace: (rest: string) => boolean;
export declare const areaFacesRule: Rule.RuleModule;
export declare const archPlugin: ESLint.Plugin;
