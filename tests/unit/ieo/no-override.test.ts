// Honesty by inspection: no column, user endpoint or operator route can set or change an
// allocation. Allocations live only in `ieo_allocations` and `ieo_results`, written once per project
// by the timer (primary keys, append-only triggers); users only commit, operators only edit projects
// before they open.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IEO_ENDPOINTS } from '../../../domain/ieo-endpoints';
import { ddlFor } from '../../../server/db';
import { IEO_DDL } from '../../../server/ieo/schema';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('no allocation override exists', () => {
  it('the IEO tables have no column to preset or override an allocation, and results are append-only', () => {
    for (const d of [ddlFor('sqlite'), ddlFor('postgres')]) {
      const ddl = IEO_DDL(d).join('\n').toLowerCase();
      for (const word of ['preset', 'force', 'override', 'manual', 'target', 'admin', 'fixed_allocation']) {
        expect(ddl, word).not.toMatch(new RegExp(`\\b\\w*${word}\\w*\\s+(text|integer|bigint)`));
      }
      for (const table of ['ieo_commits', 'ieo_results', 'ieo_allocations']) {
        expect(ddl).toContain(`create trigger ${table}_no_update`);
        expect(ddl).toContain(`create trigger ${table}_no_delete`);
      }
    }
  });

  it('the only user write is a subscription; the operator routes create and edit projects only', () => {
    const writes = Object.entries(IEO_ENDPOINTS).filter(([, def]) => def.method === 'POST');
    expect(writes.map(([name]) => name)).toEqual(['ieo/subscribe']);
    const routes = fs.readFileSync(path.join(ROOT, 'server/ieo/routes.ts'), 'utf8');
    const ops = [...routes.matchAll(/ops\.add\('(GET|POST)', '([^']+)'/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(ops).toEqual(['GET ieo/projects', 'POST ieo/create', 'POST ieo/edit']);
    // The store writes allocations only from the service's allocation command.
    const service = fs.readFileSync(path.join(ROOT, 'server/ieo/service.ts'), 'utf8');
    expect(service.match(/insertAllocation\(/g)).toHaveLength(1);
    expect(service.match(/insertResult\(/g)).toHaveLength(1);
  });
});
