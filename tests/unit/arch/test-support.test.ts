// The tests' own shape (issue 24): what several kinds of test share lives in tests/support/, so an
// e2e test or a bench never reaches into tests/integration/, and the browser set-up (logging in,
// switching the language) is written once, in tests/support/e2e.ts, not copied into each file.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** Every .ts/.tsx file under `dir` (relative to the repository), as repository-relative paths. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

function parse(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
}

/** The module specifiers a file imports or re-exports, dynamic `import()` included. */
function specifiersOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file: specifier` for each import of `file` that resolves into tests/integration/. */
function integrationImports(file: string, source: ts.SourceFile): string[] {
  return specifiersOf(source)
    .filter((spec) => spec.startsWith('.'))
    .filter((spec) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      return target === 'tests/integration' || target.startsWith('tests/integration/');
    })
    .map((spec) => `${file}: ${spec}`);
}

const SHARED_NAMES = ['login', 'setLang'];

/** The names in SHARED_NAMES that `source` declares as functions (declarations or const arrows). */
function sharedFunctionsOf(source: ts.SourceFile): string[] {
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && SHARED_NAMES.includes(node.name.text)) {
      found.add(node.name.text);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      SHARED_NAMES.includes(node.name.text) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      found.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found];
}

/** For each name declared in more than one file: `name: file, file, …`. */
function copiesOf(files: { file: string; source: ts.SourceFile }[]): string[] {
  const where = new Map<string, string[]>();
  for (const { file, source } of files) {
    for (const name of sharedFunctionsOf(source)) where.set(name, [...(where.get(name) ?? []), file]);
  }
  return [...where]
    .filter(([, list]) => list.length > 1)
    .map(([name, list]) => `${name}: ${list.join(', ')}`);
}

/**
 * `file:line` of each `waitForFunction` given an async predicate. Playwright polls the predicate and
 * takes its value as is: a promise is truthy, so such a wait ends at once (the favourite test
 * reloaded before the write it "waited" for). Poll `page.evaluate(async …)` with `expect.poll`.
 */
function asyncWaits(file: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const fn = ts.isCallExpression(node) ? node.arguments[0] : undefined;
    if (
      fn &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'waitForFunction' &&
      (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
      fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
    ) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('test support', () => {
  const testFiles = [...filesUnder('tests'), ...filesUnder('bench')].filter(
    (f) => !f.startsWith('tests/unit/arch/'),
  );
  const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

  it('no e2e test or bench imports from tests/integration (shared helpers live in tests/support)', () => {
    const found = testFiles
      .filter((file) => file.startsWith('tests/e2e/') || file.startsWith('bench/'))
      .flatMap((file) => integrationImports(file, parse(file, read(file))));
    expect(found).toEqual([]);
  }, 60_000);

  it('login and setLang are declared once among the test files (tests/support/e2e.ts)', () => {
    // Only files that name them at all are parsed: a few, on a busy machine too.
    const parsed = testFiles
      .map((file) => ({ file, text: read(file) }))
      .filter(({ text }) => SHARED_NAMES.some((name) => text.includes(name)))
      .map(({ file, text }) => ({ file, source: parse(file, text) }));
    expect(copiesOf(parsed)).toEqual([]);
    const owners = parsed
      .filter(({ source }) => sharedFunctionsOf(source).length > 0)
      .map(({ file }) => file);
    expect(owners).toEqual(['tests/support/e2e.ts']);
  }, 60_000);

  it('no waitForFunction is given an async predicate (Playwright would not wait for it)', () => {
    const found = testFiles
      .map((file) => ({ file, text: read(file) }))
      .filter(({ text }) => text.includes('waitForFunction'))
      .flatMap(({ file, text }) => asyncWaits(file, parse(file, text)));
    expect(found).toEqual([]);
  }, 60_000);

  it('the checks see what they look for', () => {
    const waits = parse(
      'tests/e2e/w.test.ts',
      'await page.waitForFunction(() => true);\nawait page.waitForFunction(async () => false);\n',
    );
    expect(asyncWaits('tests/e2e/w.test.ts', waits)).toEqual(['tests/e2e/w.test.ts:2']);

    const e2e = parse('tests/e2e/x.test.ts', "import { fund } from '../integration/assets-support';\n");
    const bench = parse('bench/x.ts', "const m = await import('../tests/integration/lever-support');\n");
    const fine = parse('tests/e2e/y.test.ts', "import { fund } from '../support/assets';\n");
    expect(integrationImports('tests/e2e/x.test.ts', e2e)).toEqual([
      'tests/e2e/x.test.ts: ../integration/assets-support',
    ]);
    expect(integrationImports('bench/x.ts', bench)).toEqual([
      'bench/x.ts: ../tests/integration/lever-support',
    ]);
    expect(integrationImports('tests/e2e/y.test.ts', fine)).toEqual([]);

    const a = parse('tests/e2e/a.test.ts', 'async function login(page: unknown) {}\n');
    const b = parse(
      'tests/e2e/b.test.ts',
      'const setLang = async () => {};\nconst login = async () => {};\n',
    );
    const value = parse('tests/integration/c.test.ts', "const login = await call('user/login');\n");
    expect(
      copiesOf([
        { file: 'tests/e2e/a.test.ts', source: a },
        { file: 'tests/e2e/b.test.ts', source: b },
        { file: 'tests/integration/c.test.ts', source: value },
      ]),
    ).toEqual(['login: tests/e2e/a.test.ts, tests/e2e/b.test.ts']);
  });
});
