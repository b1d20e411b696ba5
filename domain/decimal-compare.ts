const COMPARABLE = /^(-?)(\d*)(?:\.(\d+))?$/;

/**
 * Orders two decimal strings exactly (no floating point): negative, zero or positive like a sort
 * comparator. Strings that are not decimals sort as the smallest.
 */
export function compareDecimalStrings(a: string, b: string): number {
  const ma = COMPARABLE.exec(a);
  const mb = COMPARABLE.exec(b);
  const valid = (m: RegExpExecArray | null) => m !== null && (m[2] !== '' || m[3] !== undefined);
  if (!valid(ma) || !valid(mb)) return valid(ma) ? 1 : valid(mb) ? -1 : 0;
  if (!ma || !mb) return 0;
  const negA = ma[1] === '-' && /[1-9]/.test(a);
  const negB = mb[1] === '-' && /[1-9]/.test(b);
  if (negA !== negB) return negA ? -1 : 1;
  // '.5' has an empty whole part: treat it as 0.
  const ia = (ma[2] || '0').replace(/^0+(?=\d)/, '');
  const ib = (mb[2] || '0').replace(/^0+(?=\d)/, '');
  let cmp = ia.length - ib.length;
  if (cmp === 0) cmp = ia < ib ? -1 : ia > ib ? 1 : 0;
  if (cmp === 0) {
    const fa = ma[3] ?? '';
    const fb = mb[3] ?? '';
    const len = Math.max(fa.length, fb.length);
    const pa = fa.padEnd(len, '0');
    const pb = fb.padEnd(len, '0');
    cmp = pa < pb ? -1 : pa > pb ? 1 : 0;
  }
  return negA ? -cmp : cmp;
}
