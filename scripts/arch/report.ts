/**
 * Reads the source tree with the TypeScript parser (no type checking, about a second) and measures
 * its shape: who imports whose files, which SQL names whose tables, and what has grown too long.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { circlesOf } from './circles';
import { isLazyPageLoader } from './eslint-area-faces.js';
import { foreignSqlOf, tableOwners, type ForeignSql } from './sql';

/** The tiers whose top folders are areas with one face each. */
export const AREA_TIERS = ['server', 'worker', 'src/pages'] as const;
/** Every tier, for circles and sizes. */
export const TIERS = ['domain', 'server', 'worker', 'src', 'sw', 'console'] as const;
/** A file longer than this many lines should be split. */
export const MAX_FILE_LINES = 400;
/** A function longer than this many lines should be split. */
export const MAX_FUNCTION_LINES = 120;

/** One parsed source file. */
export interface SourceFile {
  /** Path from the project root with `/` separators. */
  file: string;
  lines: number;
  /** Resolved project paths this file imports (type-only included), relative imports only. */
  imports: string[];
  /** Those of `imports` it names in an `import()` expression (once per expression). */
  lazyImports: string[];
  ast: ts.SourceFile;
}

/** An import that names a file inside another area instead of that area's face. */
export interface DeepImport {
  tier: string;
  from: string;
  to: string;
}

/** What `archReport` measures. */
export interface ArchReport {
  deepImports: DeepImport[];
  /**
   * The route table's lazy page loaders: deep imports by design, each page its own chunk, which the
   * lint rule `arch/area-faces` allows (scripts/arch/eslint-area-faces.js); not in `deepImports`.
   */
  lazyPageLoaders: DeepImport[];
  /** Each circle is the sorted list of its files. */
  circles: string[][];
  foreignSql: ForeignSql[];
  longFiles: { file: string; lines: number }[];
  longFunctions: { file: string; line: number; name: string; lines: number }[];
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
}

function resolve(root: string, fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(path.join(root, fromFile)), spec.replace(/\.js$/, ''));
  for (const ext of ['', ...EXTENSIONS]) {
    const p = base + ext;
    if (fs.existsSync(p) && fs.statSync(p).isFile()) return path.relative(root, p).split(path.sep).join('/');
  }
  return undefined;
}

/** Parses every source file of the tiers. */
export function readSources(root: string): SourceFile[] {
  const files: string[] = [];
  for (const tier of TIERS) walk(path.join(root, tier), files);
  return files.map((abs) => {
    const text = fs.readFileSync(abs, 'utf8');
    const file = path.relative(root, abs).split(path.sep).join('/');
    const ast = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imports: string[] = [];
    const lazyImports: string[] = [];
    const visit = (node: ts.Node): void => {
      let spec: ts.Expression | undefined;
      let lazy = false;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        spec = node.moduleSpecifier;
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments.length > 0
      ) {
        spec = node.arguments[0];
        lazy = true;
      }
      if (spec && ts.isStringLiteralLike(spec)) {
        const target = resolve(root, file, spec.text);
        if (target) imports.push(target);
        if (target && lazy) lazyImports.push(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(ast);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return { file, lines, imports, lazyImports, ast };
  });
}

/** The area of a file in an area tier (`server/legal/x.ts` → `legal`), or undefined. */
export function areaOf(file: string): { tier: string; area: string; rest: string } | undefined {
  for (const tier of AREA_TIERS) {
    if (!file.startsWith(`${tier}/`)) continue;
    const rest = file.slice(tier.length + 1);
    const slash = rest.indexOf('/');
    if (slash < 0) return undefined;
    const area = rest.slice(0, slash);
    // A shared core holds several small parts, each its own folder with its own face.
    const inner = rest.indexOf('/', slash + 1);
    if (area === 'shared' && inner > 0) {
      return { tier, area: rest.slice(0, inner), rest: rest.slice(inner + 1) };
    }
    return { tier, area, rest: rest.slice(slash + 1) };
  }
  return undefined;
}

/** Whether `rest` (a path inside its area) is that area's face. */
export const isFace = (rest: string): boolean => /^(index|module)\.tsx?$/.test(rest);

/** Imports into another area's files, with the route table's lazy page loaders apart. */
function deepImportsOf(sources: SourceFile[]): Pick<ArchReport, 'deepImports' | 'lazyPageLoaders'> {
  const deepImports: DeepImport[] = [];
  const lazyPageLoaders: DeepImport[] = [];
  for (const s of sources) {
    const from = areaOf(s.file);
    // `imports` lists each import once per occurrence, the lazy ones among them.
    const lazyLeft = [...s.lazyImports];
    for (const to of s.imports) {
      const lazyAt = lazyLeft.indexOf(to);
      if (lazyAt >= 0) lazyLeft.splice(lazyAt, 1);
      const target = areaOf(to);
      if (!target || isFace(target.rest)) continue;
      if (from && from.tier === target.tier && from.area === target.area) continue;
      const list = lazyAt >= 0 && isLazyPageLoader(s.file, to) ? lazyPageLoaders : deepImports;
      list.push({ tier: target.tier, from: s.file, to });
    }
  }
  return { deepImports, lazyPageLoaders };
}

function longFunctionsOf(sources: SourceFile[]): ArchReport['longFunctions'] {
  const out: ArchReport['longFunctions'] = [];
  for (const s of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = s.ast.getLineAndCharacterOfPosition(node.getStart(s.ast)).line;
        const end = s.ast.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > MAX_FUNCTION_LINES) {
          const named = node as ts.Node & { name?: ts.Node };
          let name = named.name ? named.name.getText(s.ast) : '';
          if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(s.ast);
          out.push({ file: s.file, line: start + 1, name: name || '(anonymous)', lines: end - start + 1 });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(s.ast);
  }
  return out;
}

/** Measures the tree under `root`. */
export function archReport(root: string): ArchReport {
  const sources = readSources(root);
  const owners = tableOwners(sources);
  return {
    ...deepImportsOf(sources),
    circles: circlesOf(sources),
    foreignSql: foreignSqlOf(sources, owners),
    longFiles: sources
      .filter((s) => s.lines > MAX_FILE_LINES)
      .map((s) => ({ file: s.file, lines: s.lines }))
      .sort((a, b) => b.lines - a.lines),
    longFunctions: longFunctionsOf(sources).sort((a, b) => b.lines - a.lines),
  };
}
