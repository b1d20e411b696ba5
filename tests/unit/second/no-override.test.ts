// Honesty by inspection: no column, route or operator command can preset, force or change an
// option's outcome. Results live only in `second_settlements`, written once per option by settlement
// and never changed after (primary key and triggers); the operator API has no route about options.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECOND_ENDPOINTS } from '../../../domain/second-endpoints';
import { ddlFor } from '../../../server/db';
import { SECOND_BASELINE_DDL } from '../../../server/second/baseline';
import { SECOND_DDL } from '../../../server/second/schema';
import { SECOND_SETTLEMENT_DDL } from '../../../server/second/settlement-schema';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
    .filter((f) => f.endsWith('.ts'));

describe('no outcome override exists', () => {
  it('the option tables have no column to preset, force or override a result', () => {
    const baselines = [ddlFor('sqlite'), ddlFor('postgres')].map((d) => SECOND_BASELINE_DDL(d));
    const all = [SECOND_DDL, SECOND_SETTLEMENT_DDL, ...baselines];
    for (const ddl of all.map((d) => d.join('\n').toLowerCase())) {
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
        expect(ddl, word).not.toMatch(new RegExp(`\\b\\w*${word}\\w*\\s+(text|integer|bigint|real|blob)`));
      }
    }
    const columnsOf = (table: string, ddl: readonly string[] = SECOND_SETTLEMENT_DDL) => {
      const stmt = ddl.find((d) => d.startsWith(`create table ${table} (`))!;
      return [...stmt.matchAll(/^\s+([a-z_]+)\s+(?:text|integer|bigint)/gm)].map((m) => m[1]);
    };
    for (const baseline of baselines) {
      expect(columnsOf('second_options', baseline)).toEqual(columnsOf('second_options_accepted'));
      expect(columnsOf('second_settlements', baseline)).toEqual(columnsOf('second_settlements'));
    }
    // The option as accepted (renamed to second_options by the migration): no result at all.
    expect(columnsOf('second_options_accepted')).toEqual([
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
      'stake_tx_id',
      'client_order_id',
    ]);
    // The settlement: the exit trade the rule used, the result, what it moved, and the rule's name.
    expect(columnsOf('second_settlements')).toEqual([
      'option_id',
      'exit_trade_id',
      'exit_price',
      'exit_ts',
      'result',
      'credited_units',
      'settled_at',
      'settle_tx_id',
      'rule',
    ]);
    const ddl = SECOND_SETTLEMENT_DDL.join('\n');
    expect(ddl).toMatch(/before update on second_settlements\s+begin select raise\(abort/);
    expect(ddl).toMatch(/before delete on second_settlements\s+begin select raise\(abort/);
    const [sqlite, postgres] = baselines.map((b) => b.join('\n'));
    expect(sqlite).toMatch(/before update on second_settlements\s+begin select raise\(abort/);
    expect(sqlite).toMatch(/before delete on second_settlements\s+begin select raise\(abort/);
    expect(postgres).toMatch(
      /before update on second_settlements\s+for each row execute function refuse_change/,
    );
    expect(postgres).toMatch(
      /before delete on second_settlements\s+for each row execute function refuse_change/,
    );
  });

  it('only settlement writes a result, once per option, and nothing changes an option after', () => {
    const code = filesUnder('server')
      .filter((f) => !/(schema|baseline)\.ts$/.test(f))
      .map((f) => ({ f, text: read(f) }));
    // Reading the results is open to the area's faces (the console's house lines); writing is not.
    expect(
      code
        .filter(({ text }) =>
          /(update|insert\s+into|delete\s+from)\s+second_settlements|BulkRows\('second_settlements'/i.test(
            text,
          ),
        )
        .map((w) => w.f),
    ).toEqual(['server/second/option-store.ts']);
    expect(
      code
        .filter(({ text }) => /(update|insert\s+into|delete\s+from)\s+second_options/i.test(text))
        .map((w) => w.f),
    ).toEqual(['server/second/option-store.ts']);
    const store = read('server/second/option-store.ts');
    expect(store).not.toMatch(/(update|delete\s+from)\s+second_settlements/i);
    // An accepted option is written once, with the ledger transaction that froze its stake, and never changed.
    expect(store).not.toMatch(/(update|delete\s+from)\s+second_options/i);
    // The settlement row's primary key is the option id: a second settlement of an option fails.
    expect(SECOND_SETTLEMENT_DDL.join('\n')).toMatch(
      /option_id integer primary key references second_options/,
    );
    expect(SECOND_BASELINE_DDL(ddlFor('sqlite')).join('\n')).toMatch(
      /option_id integer primary key references second_options/,
    );
    expect(SECOND_BASELINE_DDL(ddlFor('postgres')).join('\n')).toMatch(
      /option_id bigint primary key references second_options/,
    );
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
