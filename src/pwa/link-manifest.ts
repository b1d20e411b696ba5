/** The manifest's URL (build/defer-manifest.ts takes its link out of index.html). */
export const MANIFEST_URL = `${import.meta.env.BASE_URL}manifest.webmanifest`;

/** Links the web app manifest, once: after the page has loaded, so a first visit does not wait on it. */
export function linkManifest(): void {
  // The dev server serves no manifest (vite-plugin-pwa's dev mode is off).
  if (!import.meta.env.PROD || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
}
