// Honesty by inspection: no column, route or operator command can preset, force or change an
// option's outcome. The only statement that writes a result is settlement's, and only to an open
// option; the operator API has no route about options at all.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECOND_ENDPOINTS } from '../../../domain/second-endpoints';
import { SECOND_DDL } from '../../../server/second/schema';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
    .filter((f) => f.endsWith('.ts'));

describe('no outcome override exists', () => {
  it('the options table has no column to preset, force or override a result', () => {
    const ddl = SECOND_DDL.join('\n').toLowerCase();
    for (const word of [
      'preset',
      'force',
      'override',
      'rig',
      'manual',
      'target',
      'control',
      'admin',
      'win_rate',
    ]) {
      expect(ddl, word).not.toMatch(new RegExp(`\\b\\w*${word}\\w*\\s+(text|integer|real|blob)`));
    }
    const columns = [...ddl.matchAll(/^\s+([a-z_]+)\s+(?:text|integer)/gm)].map((m) => m[1]);
    expect(columns).toEqual([
      'id',
      'user_id',
      'symbol',
      'direction',
      'seconds',
      'coin',
      'stake_units',
      'payout_rate',
      'payout_units',
      'entry_trade_id',
      'entry_price',
      'entry_ts',
      'accepted_at',
      'expires_at',
      'status',
      'exit_trade_id',
      'exit_price',
      'exit_ts',
      'result',
      'credited_units',
      'settled_at',
      'stake_tx_id',
      'settle_tx_id',
      'receipt',
      'client_order_id',
    ]);
  });

  it('only settlement writes a result, and only to an open option', () => {
    const writers = filesUnder('server')
      .map((f) => ({ f, text: read(f) }))
      .filter(
        ({ text }) => /update\s+second_options/i.test(text) || /insert\s+into\s+second_options/i.test(text),
      );
    expect(writers.map((w) => w.f)).toEqual(['server/second/option-store.ts']);
    const updates = [
      ...read('server/second/option-store.ts').matchAll(
        /update\s+second_options\s+set\s+([\s\S]*?where id = \?(?: and status = 'open')?)/gi,
      ),
    ];
    expect(updates).toHaveLength(2);
    const [settle, stake] = updates.map((m) => m[1]!);
    expect(stake).toBe('stake_tx_id = ? where id = ?');
    expect(settle).toMatch(/result = \?/);
    expect(settle).toMatch(/where id = \? and status = 'open'$/);
    // The insert writes an open option without a result.
    expect(read('server/second/option-store.ts')).not.toMatch(/insert into second_options[^`]*result/i);
  });

  it('the result comes from the published rule only', () => {
    const service = read('server/second/option-service.ts');
    const assigns = [...service.matchAll(/const result = ([^;]+);/g)].map((m) => m[1]);
    expect(assigns).toEqual(['optionResult(o.direction, o.entryPrice, exit.price)']);
    expect(service).toMatch(/this\.tape\.atOrBefore\(o\.symbol, o\.expiresAt\)/);
    expect(service).not.toMatch(/Math\.random|randomInt|crypto/);
  });

  it('no endpoint or operator route settles or edits an option', () => {
    expect(Object.keys(SECOND_ENDPOINTS).sort()).toEqual([
      'second/detail',
      'second/options',
      'second/place',
      'second/terms',
    ]);
    for (const f of filesUnder('server').filter((x) => /ops|cli/.test(x))) {
      expect(read(f), f).not.toMatch(/second_options|second\/|option(s)?\b.*(result|outcome)/i);
    }
    for (const f of filesUnder('server')) {
      expect(read(f), f).not.toMatch(/ops\.add\(\s*['"`][^'"`]*(second|option|outcome)/i);
    }
  });
});
