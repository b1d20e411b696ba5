import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the reference server listens during `npm run dev` (it serves the built app itself in production). */
const SERVER = 'http://localhost:8080';

/** The page background of the dark theme; the manifest colours match it so the splash screen does not flash. */
const DARK_BG = '#0b0e17';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  base: '/h5/',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/pwa registers the service worker itself (workbox-window), so it can show the update prompt.
      injectRegister: false,
      manifest: {
        id: '/h5/',
        name: 'Exchange',
        short_name: 'Exchange',
        description: 'Digital-asset exchange: markets, spot, contracts, options, fiat and savings.',
        lang: 'id',
        start_url: '/h5/',
        scope: '/h5/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: DARK_BG,
        background_color: DARK_BG,
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every lazily loaded page and locale chunk is a js file here, so the whole shell works offline.
        globPatterns: ['**/*.{js,css,html,png,svg,json,woff2,webmanifest}'],
      },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '/address': { target: SERVER, changeOrigin: true },
      '/ws': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
});
