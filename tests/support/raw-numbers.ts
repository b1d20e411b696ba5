import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Issue 10: every number a page shows goes through domain/display.ts. rawNumbers reads a page and
// finds a money or market field (a price, an amount, a balance…) rendered as it came off the wire:
// straight into JSX, into a template string, into a translation's values or a label row, without a
// format call around it. Such a value shows the ledger's raw digits ("100065.10598884") with a '.'
// in every language.

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PAGES = path.join(ROOT, 'src/pages');

/** Field names that hold decimal strings of money or market data on the wire. */
const NUMERIC_FIELDS = new Set([
  'amount',
  'available',
  'avgPrice',
  'balanceAfter',
  'changePct',
  'credit',
  'dailyLimit',
  'delta',
  'estimate',
  'fee',
  'filledAmount',
  'filledQty',
  'frozen',
  'high',
  'last',
  'low',
  'maxAmount',
  'min',
  'minAmount',
  'price',
  'qty',
  'quoteVolume',
  'rate',
  'receive',
  'remainingToday',
  'total',
  'volume',
  'withdrawable',
  'awaitingConfirmations',
  // contracts
  'openPrice',
  'closePrice',
  'settlementPrice',
  'margin',
  'pnl',
  'takeProfit',
  'stopLoss',
  'limitPrice',
  'liquidationPrice',
  'mark',
]);

/** A raw field found where text is made. */
export interface Finding {
  file: string;
  line: number;
  text: string;
}

export function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

/** The expressions a value may pass through unchanged on its way to the text (`a ?? b`, `c ? a : b`). */
function shownParts(e: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) return shownParts(e.expression);
  if (ts.isConditionalExpression(e)) return [...shownParts(e.whenTrue), ...shownParts(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return [...shownParts(e.left), ...shownParts(e.right)];
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownParts(e.right);
  }
  return [e];
}

/** True when `e` reads a numeric field as is: `order.price`, `order?.price`, `quota['fee']`. */
function isRawField(e: ts.Expression): boolean {
  if (ts.isPropertyAccessExpression(e)) return NUMERIC_FIELDS.has(e.name.text);
  if (ts.isElementAccessExpression(e) && ts.isStringLiteral(e.argumentExpression)) {
    return NUMERIC_FIELDS.has(e.argumentExpression.text);
  }
  return false;
}

/**
 * The formatters of domain/display.ts and their thin wrappers (src/i18n/numbers.ts, the market's
 * format-market.ts, the lever's lever-format.ts): a field handed to one of them is shown right.
 */
const FORMATTERS = new Set([
  'price',
  'qty',
  'coin',
  'exact',
  'fixed',
  'compact',
  'percent',
  'formatNumber',
  'formatCompact',
  'formatPercent',
  'formatDecimal',
  'formatFixed',
  'formatChange',
  'digits',
  // src/pages/lever/lever-format.ts (useLeverFormat), also over domain/display.ts.
  'money',
  'signed',
  'plain',
  'risk',
  'pnlText',
  // src/pages/second/second-format.ts: a price at its own (tick) decimals, over formatNumber.
  'formatPrice',
  // src/pages/legal/legal-format.ts: fiat at 2 decimals, coin quantities at the P2P decimals, rates.
  'fiatText',
  'qtyText',
  'rateText',
  // Not formatters, but what they return is a class name or a direction word, never the number.
  'pnlClass',
  'changeDirection',
]);

/** The name a call is made by: `f(…)` → `f`, `n.price(…)` → `price`. */
function calleeName(call: ts.CallExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

/** True inside a call of the translation function, `t('key', { amount: … })`. */
function isTranslationValues(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === 't' &&
    call.arguments.includes(node as ts.Expression)
  );
}

/** Every raw numeric field a page renders without the formatter. */
export function rawNumbers(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Finding[] = [];
  const report = (e: ts.Expression) => {
    for (const shown of shownParts(e)) {
      // trimZeros(quota.fee): a field handed to a formatter other than the display one.
      const part =
        ts.isCallExpression(shown) && !FORMATTERS.has(calleeName(shown))
          ? shown.arguments.find((a) => isRawField(a))
          : shown;
      if (!part || !isRawField(part)) continue;
      const { line } = sf.getLineAndCharacterOfPosition(part.getStart(sf));
      out.push({ file: path.relative(ROOT, file), line: line + 1, text: part.getText(sf) });
    }
  };
  const visit = (node: ts.Node) => {
    // {order.price} as a JSX child, or as a row value handed to a list.
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent))
      report(node.expression);
    // `${order.price} ${pair.quote}`
    if (ts.isTemplateSpan(node)) report(node.expression);
    // t('withdraw.awaiting', { amount: quota.awaitingConfirmations })
    if (ts.isObjectLiteralExpression(node) && isTranslationValues(node)) {
      for (const p of node.properties) if (ts.isPropertyAssignment(p)) report(p.initializer);
    }
    // [label, value] rows of a summary or a card: [t('fields.price'), order.price]
    if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2) {
      const [label, value] = node.elements;
      if (label && value && ts.isCallExpression(label) && ts.isIdentifier(label.expression)) {
        if (label.expression.text === 't') report(value);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
