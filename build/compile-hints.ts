import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts V8's explicit compile hint at the top of the named chunks. V8 compiles a function lazily, on
 * the main thread, the first time it is called; with the hint it compiles the whole file while the
 * file streams in, on a background thread. Meant for chunks whose functions a first visit calls
 * anyway (React, the router, the form library): their compile then no longer lengthens the first
 * renders, which are the long tasks Lighthouse counts as blocking time on a slow phone. Browsers
 * without the hint read a comment.
 *
 * Added when the bundle is written, after minification (which could drop a comment), so the file
 * name's hash is that of the code without it; the hint is the same in every build.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own hook, which puts the dynamic imports' dependency list at the top of a chunk.
      order: 'post',
      handler(_options, bundle) {
        const hinted = new Set<string>();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue;
          file.code = COMPILE_HINT + file.code;
          hinted.add(file.name);
        }
        const missing = chunkNames.filter((n) => !hinted.has(n));
        if (missing.length) this.error(`compile-hints: no chunk named ${missing.join(', ')}`);
      },
    },
  };
}
