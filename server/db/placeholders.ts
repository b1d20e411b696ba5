/**
 * Numbers the `?` placeholders of a statement for PostgreSQL (`$1`, `$2`, …), leaving alone those
 * inside string literals, quoted identifiers and comments. This is the one rewrite the PostgreSQL
 * executor makes: the statement tables are written in the subset both engines accept, and
 * placeholders are the only syntax of that subset the two spell differently.
 */
export function numberPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    let end = i + 1;
    if (c === "'" || c === '"') {
      end = text.indexOf(c, i + 1);
      // A doubled quote inside the literal escapes it: keep scanning past it.
      while (end !== -1 && text[end + 1] === c) end = text.indexOf(c, end + 2);
      end = end === -1 ? text.length : end + 1;
    } else if (c === '-' && next === '-') {
      end = text.indexOf('\n', i);
      end = end === -1 ? text.length : end;
    } else if (c === '/' && next === '*') {
      end = text.indexOf('*/', i + 2);
      end = end === -1 ? text.length : end + 2;
    } else if (c === '?') {
      out += `$${++n}`;
      i++;
      continue;
    }
    out += text.slice(i, end);
    i = end;
  }
  return out;
}
