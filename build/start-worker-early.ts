import type { Plugin } from 'vite';
import { beforeStylesheet } from './landing-preload';

/** The worker entry's URL in the built app code (`new Worker(new URL('…', import.meta.url))`). */
export function workerUrl(code: string): string | undefined {
  return /new Worker\(\s*new URL\(\s*(?:\/\*[^*]*\*\/\s*)?[`'"]([^`'"]+)[`'"]/.exec(code)?.[1];
}

/**
 * Starts the app's worker from the HTML, beside the framework's download, instead of after the
 * framework has loaded and run: the worker asks for the tickers and the catalog as it starts
 * (worker/index.ts), so on slow 3G the first prices come about a second sooner. The app adopts this
 * worker (src/core/core-client.ts `coreWorker`); where the script fails, the app starts its own.
 */
export function startWorkerEarly(): Plugin {
  return {
    name: 'start-worker-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        for (const item of Object.values(ctx.bundle ?? {})) {
          const url = item.type === 'chunk' ? workerUrl(item.code) : undefined;
          if (url) {
            return beforeStylesheet(
              html,
              `try { window.coreWorker = new Worker(${JSON.stringify(url)}, { type: 'module', name: 'core' + location.hash }); } catch (e) {}`,
            );
          }
        }
        throw new Error('start-worker-early: no `new Worker(new URL(…))` found in the bundle');
      },
    },
  };
}
