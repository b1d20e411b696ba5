import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../build/compile-hints';

type Bundle = Record<string, { type: 'chunk' | 'asset'; name: string; code?: string }>;

/** Runs the plugin's generateBundle on `bundle`; returns the error it raised, if any. */
function run(names: string[], bundle: Bundle): string | null {
  const plugin = compileHints(names);
  const hook = (plugin.generateBundle as { handler: (this: unknown, options: unknown, b: Bundle) => void })
    .handler;
  let error: string | null = null;
  const ctx = {
    error: (message: string) => {
      error = message;
      throw new Error(message);
    },
  };
  try {
    hook.call(ctx, {}, bundle);
  } catch {
    // The error is returned.
  }
  return error;
}

describe('compileHints', () => {
  it('puts the hint first in the named chunks only, as V8 requires', () => {
    const bundle: Bundle = {
      'assets/framework-a.js': { type: 'chunk', name: 'framework', code: 'import"x";var a=1;' },
      'assets/forms-b.js': { type: 'chunk', name: 'forms', code: 'var b=2;' },
      'assets/home-page-c.js': { type: 'chunk', name: 'home-page', code: 'var c=3;' },
      'assets/framework.css': { type: 'asset', name: 'framework' },
    };
    expect(run(['framework', 'forms'], bundle)).toBeNull();
    expect(bundle['assets/framework-a.js']?.code).toBe(`${COMPILE_HINT}import"x";var a=1;`);
    expect(bundle['assets/forms-b.js']?.code).toBe(`${COMPILE_HINT}var b=2;`);
    expect(bundle['assets/home-page-c.js']?.code).toBe('var c=3;');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('fails the build when a named chunk is missing (a renamed chunk group)', () => {
    const bundle: Bundle = { 'assets/framework-a.js': { type: 'chunk', name: 'framework', code: '' } };
    expect(run(['framework', 'forms'], bundle)).toMatch(/no chunk named forms/);
  });
});
