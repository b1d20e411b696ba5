import type { Plugin } from 'vite';

/** The manifest's file name (vite-plugin-pwa's default); src/pwa/link-manifest.ts links the same file. */
export const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Takes the web app manifest's `<link>` (which vite-plugin-pwa writes) out of index.html; the app
 * adds it once the page has loaded (src/pwa/link-manifest.ts). In the HTML, the browser fetches the
 * manifest and its 192 px icon during a first visit, beside the page's own files: two of a phone's
 * six connections to the server, while the framework is still on its way. Nothing needs the manifest
 * before the page has loaded: installing is offered later, and the service worker precaches it.
 */
export function deferManifest(base: string): Plugin {
  const link = `<link rel="manifest" href="${base}${MANIFEST_FILE}">`;
  return {
    name: 'defer-manifest',
    enforce: 'post',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(link)) throw new Error(`defer-manifest: no ${link} in index.html`);
        return html.replace(link, '');
      },
    },
  };
}
