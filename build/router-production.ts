import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * Aliases that give a production build react-router's production code: its package exports only the
 * development build, dev-only warnings included (remix-run/react-router#12532, #14102); the
 * production build it ships beside it is the same code with them compiled out. Shared by the app's
 * build (vite.config.ts) and the console's (vite.ops.config.ts); none for the dev server.
 */
export function routerProductionAliases(command: 'build' | 'serve'): Alias[] {
  if (command !== 'build') return [];
  const dist = (file: string) =>
    fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
  return [
    { find: /^react-router$/, replacement: dist('index.mjs') },
    { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
  ];
}
