// The ledger after a COMMIT whose answer was lost but which the database applied: the writer learns
// from its commit mark that the batch committed, so the ledger keeps its transaction ids and
// balances, and the next transfer goes through. Taken as rolled back (before the mark), the ledger
// handed out the committed batch's transaction id again and every later batch failed on it.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../domain';
import { ledgerViolations } from '../../../server/ledger';
import { WriterUnavailableError } from '../../../server/db/writer';
import { grantFunds, insertUser, openTestLedger } from '../../support/db';

describe.each(['database', 'memory'] as const)(
  'the ledger (%s authority) after a lost COMMIT answer',
  (authority) => {
    it('keeps what the database committed and goes on', async () => {
      const db = await openTestLedger(':memory:', authority);
      insertUser(db.sqlite, 1);
      await grantFunds(db.ledger, db.engine.writer, 1, '10');
      const conn = db.engine.writer.conn;
      const exec = conn.exec.bind(conn);
      let loseNext = true;
      conn.exec = async (text: string) => {
        await exec(text);
        if (/commit\s*$/i.test(text) && loseNext) {
          loseNext = false;
          throw new WriterUnavailableError('the database is unavailable');
        }
      };
      await grantFunds(db.ledger, db.engine.writer, 1, '1');
      await grantFunds(db.ledger, db.engine.writer, 1, '1');
      const wallet = { userId: 1, account: 'spot' as const, coin: 'USDT' };
      expect(await db.ledger.balance(wallet)).toEqual({ available: toUnits('12'), frozen: 0n });
      expect(db.sqlite.prepare('select count(*) as n from ledger_tx').get()).toEqual({ n: 3 });
      expect(await ledgerViolations(db.engine)).toEqual([]);
      await db.close();
    });
  },
);
