import type { ESLint, Rule } from 'eslint';

export declare const DEFAULT_TIERS: string[];
export declare function areaOf(
  file: string,
  tiers: readonly string[],
): { tier: string; area: string; rest: string } | undefined;
export declare const isFace: (rest: string) => boolean;
export declare const areaFacesRule: Rule.RuleModule;
export declare const archPlugin: ESLint.Plugin;
