// The house page's logic, apart from React so the unit tests reach it. Each product's lines come
// from its area as `label → decimal string`, the label being `<metric>.<coin or market>[.<part>]`
// (server/<area>/console-face.ts `…HouseLines`, and `house.<coin>.available|frozen` for the house's
// own balance in the product's account). The page names each metric and groups the lines by it.

/** The products in the order the page shows them. */
export const HOUSE_PRODUCTS = ['lever', 'second', 'lockming', 'ieo', 'spot'] as const;

/** Metrics the console names (console/locales `people.house.metric.*`), in the order they are shown. */
export const HOUSE_METRICS = [
  'houseResult',
  'usersPnl',
  'fees',
  'margin',
  'hands',
  'stakesOpen',
  'taken',
  'paidOut',
  'locked',
  'interestPaid',
  'forfeited',
  'committed',
  'raised',
  'house',
] as const;

/** Parts of a metric the console names (`people.house.part.*`). */
export const HOUSE_PARTS = ['long', 'short', 'net', 'available', 'frozen'] as const;

/** One line of a product, taken apart. */
export interface HouseLine {
  /** The label as the server wrote it. */
  label: string;
  /** The first segment, such as `fees`; a known one is named, another shown as the label. */
  metric: string;
  known: boolean;
  /** The coin or market (`USDT`, `BTC/USDT`); '' when the label has none. */
  subject: string;
  /** The last segment of a three-part label (`long`, `available`), or null. */
  part: string | null;
  /** Decimal string. */
  value: string;
}

/** Takes a label apart: `hands.BTC/USDT.long` → metric `hands`, subject `BTC/USDT`, part `long`. */
export function parseLine(label: string, value: string): HouseLine {
  const parts = label.split('.');
  const metric = parts[0] ?? label;
  const known = (HOUSE_METRICS as readonly string[]).includes(metric);
  const last = parts.length >= 3 ? parts[parts.length - 1]! : null;
  const part = last !== null && (HOUSE_PARTS as readonly string[]).includes(last) ? last : null;
  const subject = parts.slice(1, part === null ? parts.length : -1).join('.');
  return { label, metric, known, subject, part, value };
}

/** A metric's lines, in the page's order. */
export interface MetricGroup {
  metric: string;
  known: boolean;
  lines: HouseLine[];
}

const partOrder = (p: string | null) => (p === null ? -1 : (HOUSE_PARTS as readonly string[]).indexOf(p));

/**
 * A product's lines grouped by metric: known metrics in `HOUSE_METRICS` order, then unknown ones by
 * label; within a group by subject, then part (long, short, net; available, frozen).
 */
export function groupLines(lines: Readonly<Record<string, string>>): MetricGroup[] {
  const parsed = Object.entries(lines).map(([label, value]) => parseLine(label, value));
  const groups = new Map<string, MetricGroup>();
  for (const line of parsed) {
    const key = line.known ? line.metric : line.label;
    const group = groups.get(key) ?? { metric: key, known: line.known, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const rank = (g: MetricGroup) =>
    g.known ? (HOUSE_METRICS as readonly string[]).indexOf(g.metric) : HOUSE_METRICS.length;
  const sorted = [...groups.values()].sort(
    (a, b) => rank(a) - rank(b) || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0),
  );
  for (const g of sorted) {
    g.lines.sort(
      (a, b) =>
        (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0) || partOrder(a.part) - partOrder(b.part),
    );
  }
  return sorted;
}

/** Whether a decimal string is below zero (a loss of the house is marked). */
export function isLoss(value: string): boolean {
  return /^\s*-\s*\d*\.?\d*[1-9]/.test(value);
}
