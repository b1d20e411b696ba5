// Writes brotli (.br) and gzip (.gz) copies of the built text files next to them, so the server
// sends compressed bytes without compressing on every request (@fastify/static `preCompressed`).
// Runs after `vite build` (and after the service worker is generated); the precache manifest lists
// only the original files, and the browser decompresses before the service worker stores them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
/** Files smaller than this gain nothing from compression (headers cost more). */
const MIN_BYTES = 1024;
const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt|map)$/;

let files = 0;
let raw = 0;
let br = 0;
let gz = 0;
function walk(d) {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (TEXT.test(entry.name)) compress(p);
  }
}
function compress(p) {
  const buf = fs.readFileSync(p);
  if (buf.length < MIN_BYTES) return;
  const b = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });
  const g = zlib.gzipSync(buf, { level: 9 });
  // A compressed copy that is not smaller is not worth serving.
  if (b.length < buf.length) fs.writeFileSync(`${p}.br`, b);
  if (g.length < buf.length) fs.writeFileSync(`${p}.gz`, g);
  files++;
  raw += buf.length;
  br += Math.min(b.length, buf.length);
  gz += Math.min(g.length, buf.length);
}

if (!fs.existsSync(dir)) {
  console.error(`precompress: ${dir} does not exist`);
  process.exit(1);
}
walk(dir);
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(
  `precompressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}: ${kib(raw)} → brotli ${kib(br)}, gzip ${kib(gz)}`,
);
