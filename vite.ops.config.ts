import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routerProductionAliases } from './build/router-production';

/** Where the reference server listens during `npm run dev:ops`. */
const SERVER = 'http://localhost:8080';

/**
 * The app's faces the console imports (the news face, for the article renderer of the publishing
 * preview) hold re-exports only: as in vite.config.ts, marking them free of side effects keeps the
 * face's other modules (the help centre, home's notices and their app-only imports) out of the console.
 */
const pureFace = /[\\/]src[\\/]pages[\\/]news[\\/]index\.ts$/;

/**
 * The operator console (`/ops/`, issue 26): a build of its own, from `console/`, into `dist-ops/`.
 * It shares no chunk, text or precache entry with the app (`vite.config.ts` → `dist/`), so no console
 * code reaches a user's phone (tests/unit/console/build-split.test.ts checks both outputs).
 *
 * `VITE_OPS_DEMO=1` (development only: `npm run dev:ops`, or a build for screenshots) compiles in the
 * demo sign-in over the shared operator token of a demo server (`console/worker/demo/`); without it,
 * as in `npm run build`, the branch is dropped and the file is not in the output.
 */
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./console', import.meta.url)),
  base: '/ops/',
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  resolve: { alias: routerProductionAliases(command) },
  define: { __OPS_DEMO__: JSON.stringify(process.env.VITE_OPS_DEMO === '1') },
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL(process.env.OPS_OUT_DIR ?? './dist-ops', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !pureFace.test(id) },
      output: {
        // Chunks of the same bytes as the app's (its texts that the publishing preview reads,
        // locales/<lang>/content.json; the bundler's runtime) would get the app's file names: named
        // apart, no file is in both builds.
        chunkFileNames: 'assets/ops-[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|comlink|sonner|react-hook-form)[\\/]/,
              priority: 1,
            },
            {
              // The app has the same library as a chunk of the same bytes (and so the same name):
              // the console's is named apart, so no file name is shared between the two builds.
              name: 'ops-image-compression',
              test: /[\\/]node_modules[\\/]browser-image-compression[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: SERVER, changeOrigin: true, ws: true },
    },
  },
}));
