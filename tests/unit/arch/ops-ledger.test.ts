// No operator route sets a balance (DESIGN.md "Operators"): an ops route's handler reads the ledger at
// most, and the services the review flows hand their decisions to move money only in the ways pinned
// here. A new ledger call in either place fails this test until it is reviewed and pinned.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The ledger methods that only read. */
const READS = new Set(['balance', 'balancesOf']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** `ledger.x(` calls under `node` (`this.ledger.x`, `ctx.ledger.x`, `deps.ledger?.x` …): the `x`s. */
function ledgerCalls(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const target = n.expression.expression;
      const name = ts.isPropertyAccessExpression(target)
        ? target.name.text
        : ts.isIdentifier(target)
          ? target.text
          : '';
      if (/^ledger$/i.test(name)) out.push(n.expression.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** Every `….ops.add(method, name, duty, handler)` call of the server: its file, route name and handler. */
function opsRoutes(): Array<{ file: string; route: string; handler: ts.Node }> {
  const out: Array<{ file: string; route: string; handler: ts.Node }> = [];
  for (const file of sourceFiles(path.join(ROOT, 'server'))) {
    const sf = parse(file);
    const visit = (n: ts.Node) => {
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        n.expression.name.text === 'add' &&
        /\bops$/.test(n.expression.expression.getText(sf)) &&
        n.arguments.length >= 4 &&
        ts.isStringLiteral(n.arguments[1]!)
      ) {
        out.push({ file: path.relative(ROOT, file), route: n.arguments[1].text, handler: n.arguments[3]! });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** The ledger calls in the body of method `name` of the classes in `file`. */
function methodCalls(file: string, name: string): string[] {
  const sf = parse(path.join(ROOT, file));
  const found: string[] = [];
  let seen = false;
  const visit = (n: ts.Node) => {
    if ((ts.isMethodDeclaration(n) || ts.isPropertyDeclaration(n)) && n.name.getText(sf) === name) {
      seen = true;
      found.push(...ledgerCalls(n));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!seen) throw new Error(`no method ${name} in ${file}`);
  return [...new Set(found)].sort();
}

describe('operator routes and the ledger', () => {
  let routes: ReturnType<typeof opsRoutes> = [];
  beforeAll(() => {
    // The whole server parsed once (a few seconds on a busy machine).
    routes = opsRoutes();
  }, 120_000);

  it('finds the operator routes, so the checks below have something to check', () => {
    const names = routes.map((r) => r.route);
    expect(names.length).toBeGreaterThan(40);
    expect(names).toEqual(
      expect.arrayContaining(['withdrawals/approve', 'bank-deposits/confirm', 'lockming/reserve']),
    );
  });

  it('no ops route handler calls a ledger method that writes; the reads are pinned', () => {
    const calls = routes.flatMap((r) => ledgerCalls(r.handler).map((m) => `${r.route} ${m}`));
    expect(calls.filter((c) => !READS.has(c.split(' ')[1]!))).toEqual([]);
    expect([...new Set(calls)].sort()).toEqual([
      'lever/exposure balancesOf',
      'lockming/reserve balance',
      'lockming/reserves balancesOf',
    ]);
  });

  it('the review flows move money only as pinned: credit a confirmed deposit, pay out or release a withdrawal, settle an appeal, fund a reserve from the house', () => {
    const pinned: Record<string, string[]> = {
      'server/assets/bank/review-service.ts#confirm': ['transfer'],
      'server/assets/bank/review-service.ts#reject': [],
      'server/assets/withdrawals/withdraw-service.ts#approve': ['post'],
      'server/assets/withdrawals/withdraw-service.ts#reject': [],
      'server/assets/withdrawals/withdraw-service.ts#release': ['unfreeze'],
      'server/legal/order-service.ts#decide': [],
      'server/legal/escrow.ts#release': ['post'],
      'server/legal/escrow.ts#giveBack': ['unfreeze'],
      'server/lockming/service.ts#fundReserve': ['balance'],
      'server/lockming/money.ts#reserve': ['post'],
    };
    const found = Object.fromEntries(
      Object.keys(pinned).map((key) => {
        const [file, method] = key.split('#') as [string, string];
        return [key, methodCalls(file, method)];
      }),
    );
    expect(found).toEqual(pinned);
  });

  it('sees a write the checks must refuse', () => {
    const sf = ts.createSourceFile(
      'x.ts',
      `ops.add('POST', 'evil', 'review', async () => { await ctx.ledger.post({}, []); await this.ledger.balance(); });`,
      ts.ScriptTarget.Latest,
      true,
    );
    expect(ledgerCalls(sf)).toEqual(['post', 'balance']);
  });
});
