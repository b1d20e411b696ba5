import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A counted text (`key_one`, `key_other`) picks its form from a numeric `count`; a call without one
// gets no form at all and the page shows the key's path. Every call of a counted text must pass it.

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Counted texts whose key is chosen before the call: the expression `t` is called with. */
const INDIRECT: Record<string, string> = {
  // src/pages/legal/order-wording.ts picks the buyer's or the seller's wording.
  'legal:take.windowBuyer': 'words.window',
  'legal:take.windowSeller': 'words.window',
};

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : flatten(v, `${prefix}${k}.`),
  );

/** Counted texts by namespace, from the default language (every language has the same ones). */
function countedKeys(): { ns: string; key: string }[] {
  const dir = path.join(ROOT, 'locales', 'id');
  return fs.readdirSync(dir).flatMap((file) =>
    flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree)
      .filter((k) => k.endsWith('_other'))
      .map((k) => ({ ns: file.slice(0, -5), key: k.slice(0, -'_other'.length) })),
  );
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every `t('…', …)` call of the app: its key (a template's `${…}` as a wildcard) and its arguments. */
function calls(): { file: string; key: RegExp; literal: string; args: string }[] {
  const found: { file: string; key: RegExp; literal: string; args: string }[] = [];
  for (const file of sources(path.join(ROOT, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*(?:(['`])((?:(?!\1).)+)\1|([\w.]+)\s*,)/g)) {
      let depth = 1;
      let i = m.index + m[0].length;
      for (; i < text.length && depth > 0; i++) {
        if (text[i] === '(') depth++;
        else if (text[i] === ')') depth--;
      }
      // A key chosen before the call matches only its own expression (INDIRECT).
      const literal = m[2] ?? `=${m[3]!}`;
      const pattern = literal
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^.]+');
      found.push({
        file: path.relative(ROOT, file),
        key: new RegExp(`^(?:[a-z]+:)?${pattern}$`),
        literal,
        args: text.slice(m.index + m[0].length, i - 1),
      });
    }
  }
  return found;
}

describe('counted texts', () => {
  const all = calls();

  it.each(countedKeys())('$ns:$key is called with a count everywhere', ({ ns, key }) => {
    const indirect = INDIRECT[`${ns}:${key}`];
    const uses = all.filter((c) =>
      indirect ? c.literal === `=${indirect}` : c.key.test(key) || c.key.test(`${ns}:${key}`),
    );
    expect(uses.length, `no call of ${ns}:${key} found`).toBeGreaterThan(0);
    for (const use of uses) {
      expect(use.args, `${use.file}: t('${use.literal}') without a count`).toMatch(
        /(?:^|[{,\s])count\s*[:,}]/,
      );
    }
  });
});
