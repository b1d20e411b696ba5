// ESLint rule `arch/area-faces`: an area imports another area only through its face (issue 24).
// Mirrors scripts/arch/report.ts: in each checked tier, the top folder is an area
// (`server/legal/…`), each folder of a shared core is its own part (`server/shared/paging/…`), and
// a face is the folder's `index.ts(x)` or `module.ts(x)`. A file directly in the tier (app.ts, the
// composition root) belongs to no area, so it too may import faces only.
import fs from 'node:fs';
import path from 'node:path';

/** The tiers checked unless the rule's options say otherwise. */
export const DEFAULT_TIERS = ['server'];

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
    const from = areaOf(path.relative(root, fromFile).split(path.sep).join('/'), tiers);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.'))
        return;
      const target = areaOf(resolveImport(root, fromFile, node.value), tiers);
      if (!target || isFace(target.rest)) return;
      if (from && from.tier === target.tier && from.area === target.area) return;
      context.report({ node, messageId: 'deep', data: { spec: node.value, ...target } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

/** The plugin `eslint.config.js` registers as `arch`. */
export const archPlugin = { rules: { 'area-faces': areaFacesRule } };
