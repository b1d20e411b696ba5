/**
 * Test fixtures and benches post kinds the product never writes (`test.grant`, `bench.grant`, the
 * ledger tests' made-up ones): in this program the ledger accepts any kind. The server's own program
 * does not see this file, so a kind the server writes must be one of JOURNAL_KINDS.
 */
import '../domain/journal-kinds';

declare module '../domain/journal-kinds' {
  interface ExtraLedgerKinds {
    [kind: string]: true;
  }
}
