// ESLint rule `arch/area-faces`: an area imports another area only through its face (issue 24).
// Mirrors scripts/arch/report.ts: in each checked tier, the top folder is an area
// (`server/legal/…`), each folder of a shared core is its own part (`server/shared/paging/…`), and
// a face is the folder's `index.ts(x)` or `module.ts(x)`. A file outside every area (app.ts, the
// composition root; src/routes, src/components) belongs to no area, so it too may import faces only.
//
// One allowance: the route table's lazy page loaders. `import('../pages/x/x-page')` in a file of
// LAZY_PAGE_LOADERS names a page module (`*-page.tsx`, or `*-pages.ts`, an area's list of its pages)
// so that the bundler makes each page a chunk of its own; through a face, every page of an area
// would share one chunk and a first visit would load them all. A static import of the same module,
// or a lazy import of anything but a page module, is refused there as anywhere else.
import fs from 'node:fs';
import path from 'node:path';

/** The tiers whose top folders are areas with one face each (scripts/arch/report.ts AREA_TIERS). */
export const DEFAULT_TIERS = ['server', 'worker', 'src/pages'];

/** Files whose `import()` of a page module is a lazy page loader, allowed past the face. */
export const LAZY_PAGE_LOADERS = ['src/routes/route-table.ts'];

/** Whether `file` (repository-relative) is a page module a route table may load lazily. */
export const isPageModule = (file) => /-pages?\.tsx?$/.test(file);

/** Whether a lazy `import()` from `from` of `to` (both repository-relative) is a lazy page loader. */
export const isLazyPageLoader = (from, to) => LAZY_PAGE_LOADERS.includes(from) && isPageModule(to);

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The area of a repository-relative file in one of `tiers`, or undefined. */
export function areaOf(file, tiers) {
  for (const tier of tiers) {
    if (!file.startsWith(`${tier}/`)) continue;
    const rest = file.slice(tier.length + 1);
    const slash = rest.indexOf('/');
    if (slash < 0) return undefined;
    const area = rest.slice(0, slash);
    const inner = rest.indexOf('/', slash + 1);
    if (area === 'shared' && inner > 0)
      return { tier, area: rest.slice(0, inner), rest: rest.slice(inner + 1) };
    return { tier, area, rest: rest.slice(slash + 1) };
  }
  return undefined;
}

/** Whether `rest` (a path inside its area) is that area's face. */
export const isFace = (rest) => /^(index|module)\.tsx?$/.test(rest);

/** The repository-relative file a relative import names (the likeliest one when it does not exist). */
function resolveImport(root, fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec.replace(/\.js$/, ''));
  for (const ext of CANDIDATES) {
    const p = base + ext;
    if (fs.existsSync(p) && fs.statSync(p).isFile()) return path.relative(root, p).split(path.sep).join('/');
  }
  return path.relative(root, `${base}.ts`).split(path.sep).join('/');
}

/** @type {import('eslint').Rule.RuleModule} */
export const areaFacesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another area only through its face (index.ts or module.ts).' },
    schema: [
      {
        type: 'object',
        properties: { tiers: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      deep: "'{{spec}}' reaches into {{tier}}/{{area}}/{{rest}}: import {{tier}}/{{area}}'s face (index.ts or module.ts) instead.",
    },
  },
  create(context) {
    const tiers = context.options[0]?.tiers ?? DEFAULT_TIERS;
    const root = context.cwd;
    const fromFile = context.filename;
    const fromPath = path.relative(root, fromFile).split(path.sep).join('/');
    const from = areaOf(fromPath, tiers);
    const check = (node, lazy) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.'))
        return;
      const file = resolveImport(root, fromFile, node.value);
      const target = areaOf(file, tiers);
      if (!target || isFace(target.rest)) return;
      if (from && from.tier === target.tier && from.area === target.area) return;
      if (lazy && isLazyPageLoader(fromPath, file)) return;
      context.report({ node, messageId: 'deep', data: { spec: node.value, ...target } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, false),
      ExportNamedDeclaration: (n) => check(n.source, false),
      ExportAllDeclaration: (n) => check(n.source, false),
      ImportExpression: (n) => check(n.source, true),
    };
  },
};

/** The plugin `eslint.config.js` registers as `arch`. */
export const archPlugin = { rules: { 'area-faces': areaFacesRule } };
