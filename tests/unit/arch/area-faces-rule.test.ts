// The lint rule against deep imports across areas (scripts/arch/eslint-area-faces.js, registered in
// eslint.config.js): it refuses an import into another area's files, lets faces, shared parts and
// the area's own files through, with arch-report's notion of an area and a face.
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { archPlugin } from '../../../scripts/arch/eslint-area-faces.js';

const ROOT = process.cwd();

/** The rule's messages for `code` written in `file` (repository-relative). */
function lint(file: string, code: string, tiers?: string[]): string[] {
  const linter = new Linter({ cwd: ROOT });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { arch: archPlugin },
        rules: { 'arch/area-faces': ['error', tiers ? { tiers } : {}] },
      },
    ],
    path.join(ROOT, file),
  );
  return messages.map((m) => m.message);
}

describe('arch/area-faces', () => {
  it('refuses a deep import into another area, a value or a type, an import or a re-export', () => {
    expect(lint('server/lever/x.ts', "import { OrderService } from '../trade/order-service';")).toEqual([
      "'../trade/order-service' reaches into server/trade/order-service.ts: import server/trade's face (index.ts or module.ts) instead.",
    ]);
    expect(lint('server/lever/x.ts', "import type { Input } from '../http/input';")).toHaveLength(1);
    expect(lint('server/lever/x.ts', "export { pageArgs } from '../shared/paging/index.js';")).toHaveLength(
      0,
    );
    expect(
      lint('server/app.ts', "import { withdrawalsModule } from './assets/withdrawals/module';"),
    ).toHaveLength(1);
    expect(lint('server/legal/x.ts', "const m = import('../mine/users');")).toHaveLength(1);
  });

  it('lets faces, shared parts and the area own files through', () => {
    expect(lint('server/lever/x.ts', "import { tradeLog } from '../trade';")).toEqual([]);
    expect(lint('server/lever/x.ts', "import { SpotSimulator } from '../trade/module';")).toEqual([]);
    expect(lint('server/lever/x.ts', "import { PairUnits } from '../shared/units';")).toEqual([]);
    expect(
      lint('server/assets/bank/x.ts', "import { DepositStore } from '../deposits/deposit-store';"),
    ).toEqual([]);
    expect(lint('server/lever/x.ts', "import { parse } from './parse';")).toEqual([]);
    expect(lint('server/lever/x.ts', "import { toUnits } from '../../domain/money';")).toEqual([]);
  });

  it('treats each folder of a shared core as its own part', () => {
    expect(
      lint('server/shared/paging/x.ts', "import { UploadStore } from '../uploads/upload-store';"),
    ).toHaveLength(1);
    expect(lint('server/shared/uploads/x.ts', "import { UploadStore } from './upload-store';")).toEqual([]);
  });

  it('checks only the tiers it is given', () => {
    const code = "import { x } from '../legal/legal-cache';";
    expect(lint('worker/lever/x.ts', code, ['server'])).toEqual([]);
    expect(lint('worker/lever/x.ts', code, ['server', 'worker'])).toHaveLength(1);
  });

  it('checks the worker tier: areas and the core that assembles them import faces only', () => {
    expect(lint('worker/lever/x.ts', "import { legalCache } from '../legal/legal-cache';")).toEqual([
      "'../legal/legal-cache' reaches into worker/legal/legal-cache.ts: import worker/legal's face (index.ts or module.ts) instead.",
    ]);
    expect(lint('worker/core.ts', "import { leverModule } from './lever/lever-cache';")).toHaveLength(1);
    expect(lint('worker/lever/x.ts', "const m = import('../news/news-cache');")).toHaveLength(1);
    expect(lint('worker/core.ts', "import { leverModule } from './lever';")).toEqual([]);
    expect(lint('worker/lever/x.ts', "import { datedCache } from '../shared/dated';")).toEqual([]);
    expect(lint('worker/lever/x.ts', "import { lever } from './lever-cache';")).toEqual([]);
  });

  it('checks the page tier, from pages and from the rest of src/ alike', () => {
    expect(
      lint(
        'src/pages/assets/assets-page.tsx',
        "import { LeverAccountCard } from '../lever/lever-account-card';",
      ),
    ).toEqual([
      "'../lever/lever-account-card' reaches into src/pages/lever/lever-account-card.tsx: import src/pages/lever's face (index.ts or module.ts) instead.",
    ]);
    expect(
      lint('src/routes/app-shell.tsx', "import { useTicker } from '../pages/trade/use-ticker';"),
    ).toHaveLength(1);
    expect(lint('src/pages/assets/assets-page.tsx', "import { LeverAccountCard } from '../lever';")).toEqual(
      [],
    );
    expect(lint('src/routes/app-shell.tsx', "import { useTicker } from '../pages/trade';")).toEqual([]);
    expect(lint('src/pages/news/x.tsx', "import { useNewsList } from './use-news';")).toEqual([]);
    expect(lint('src/pages/news/x.tsx', "import { Screen } from '../../components/screen';")).toEqual([]);
  });

  it("lets the route table's lazy page loaders through, and nothing else past a face", () => {
    const table = 'src/routes/route-table.ts';
    expect(lint(table, "const load = () => import('../pages/home/home-page');")).toEqual([]);
    expect(lint(table, "const load = () => import('../pages/legal/legal-pages');")).toEqual([]);
    // A static import of a page, or a lazy one of a module that is not a page, is a deep import.
    expect(lint(table, "import { HomePage } from '../pages/home/home-page';")).toHaveLength(1);
    expect(lint(table, "const m = import('../pages/news/use-news');")).toHaveLength(1);
    // Only the route table: a lazy page import anywhere else names the area's face.
    expect(lint('src/routes/tab-bar.tsx', "const m = import('../pages/kefu/kefu-page');")).toHaveLength(1);
    expect(lint('src/pages/home/x.tsx', "const m = import('../news/news-page');")).toHaveLength(1);
  });
});
