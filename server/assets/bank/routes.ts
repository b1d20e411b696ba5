import type { Database as SqliteDb } from 'better-sqlite3';
import {
  NAME_MAX,
  parseBankCard,
  REFERENCE_MAX,
  sameHolder,
  type BankCard,
  type BankDepositTerms,
  type CoinInfo,
} from '../../../domain';
import type { RateLimits } from '../../config';
import { fail, notFound, idField, str, sessionOf, type HandlerRegistry, type LimitSpec } from '../../http';
import { perUserLimit, requireTradePassword } from '../../mine';
import { pageArgs } from '../../shared/paging';
import type { BankStore } from './bank-store';
import { checkUpload, parseDepositAmount, toBankDeposit, type Problem } from './rules';
import type { UploadStore } from '../../shared/uploads';

/** Proof uploads per user per window: enough for a few deposits with retries, not for filling a disk. */
export const UPLOAD_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/** What the bank routes need. */
export interface BankDeps {
  sqlite: SqliteDb;
  rateLimits: RateLimits;
  /** Null when bank-card deposits are off. */
  terms: BankDepositTerms | null;
  coins: readonly CoinInfo[];
  store: BankStore;
  uploads: UploadStore;
  now?: () => number;
}

const isProblem = (v: object): v is Problem => 'key' in v && 'field' in v;

/** Bank card, proof uploads and bank-card deposits of the signed-in caller (variant 3). */
export function registerBankRoutes(registry: HandlerRegistry, deps: BankDeps): void {
  const { store, uploads, terms } = deps;
  const now = deps.now ?? Date.now;
  const decimalsOf = (coin: string) => deps.coins.find((c) => c.symbol === coin)?.decimals ?? 8;
  const uploadLimit: LimitSpec = {
    ...UPLOAD_LIMIT,
    key: (ctx) => String(sessionOf(ctx).userId),
    errorKey: 'rateLimited',
  };

  registry.add('user/bankCard', (ctx) => ({ card: store.card(sessionOf(ctx).userId) }));

  registry.add(
    'user/bindCard',
    async (ctx) => {
      const userId = sessionOf(ctx).userId;
      const parsed = parseBankCard({
        bank: str(ctx.input, 'bank'),
        branch: str(ctx.input, 'branch'),
        cardNumber: str(ctx.input, 'cardNumber'),
        holder: str(ctx.input, 'holder'),
      });
      if ('problem' in parsed) throw fail(parsed.problem.key, parsed.problem.field);
      await requireTradePassword(deps.sqlite, userId, str(ctx.input, 'tradePassword'));
      const card: BankCard = { ...parsed.ok, updatedAt: now() };
      store.bindCard(userId, card);
      return card;
    },
    // The trade password is checked here, so the per-user budget against online guessing applies.
    { limits: perUserLimit(deps.rateLimits) },
  );

  registry.add(
    'assets/upload',
    async (ctx) => {
      const checked = checkUpload(str(ctx.input, 'mime'), str(ctx.input, 'data'));
      if (isProblem(checked)) throw fail(checked.key, checked.field);
      const row = await uploads.save(sessionOf(ctx).userId, checked.mime, checked.bytes);
      return { id: row.id };
    },
    { limits: [uploadLimit] },
  );

  registry.add('assets/proof', async (ctx) => {
    const row = uploads.owned(str(ctx.input, 'id').trim(), sessionOf(ctx).userId);
    if (!row) throw notFound();
    return { id: row.id, mime: row.mime, data: (await uploads.read(row)).toString('base64') };
  });

  registry.add('assets/bankDeposit', (ctx) => {
    const userId = sessionOf(ctx).userId;
    if (!terms) throw fail('depositDisabled');
    const card = store.card(userId);
    if (!card) throw fail('cardRequired');
    const payerName = str(ctx.input, 'payerName').trim().replace(/\s+/g, ' ');
    if (!payerName) throw fail('required', 'payerName');
    if ([...payerName].length > NAME_MAX) throw fail('textTooLong', 'payerName');
    // Spec §5: the card paid from must be the bound one, and the payer is its holder.
    if (!sameHolder(payerName, card.holder)) throw fail('boundMismatch', 'payerName');
    const amount = parseDepositAmount(str(ctx.input, 'amount'), terms, decimalsOf(terms.coin));
    if (isProblem(amount)) throw fail(amount.key, amount.field);
    const reference = str(ctx.input, 'reference').trim();
    if (!reference) throw fail('required', 'reference');
    if ([...reference].length > REFERENCE_MAX) throw fail('textTooLong', 'reference');
    // Another user's id, an unknown one and one already backing a deposit all mean: no proof yet.
    const proof = uploads.owned(str(ctx.input, 'proofId').trim(), userId);
    if (!proof || store.proofUsed(proof.id)) throw fail('uploadRequired', 'proofId');
    const row = store.insert({
      userId,
      amount: amount.cents,
      currency: terms.currency,
      coin: terms.coin,
      credit: amount.credit,
      rate: terms.rate,
      payerName,
      reference,
      proofId: proof.id,
      cardBank: card.bank,
      cardNumber: card.cardNumber,
      createdAt: now(),
    });
    return toBankDeposit(row, decimalsOf(row.coin));
  });

  registry.add('assets/bankDeposits', (ctx) => {
    const { before, limit } = pageArgs(ctx.input);
    return store
      .list({ userId: sessionOf(ctx).userId, status: null, before, limit })
      .map((r) => toBankDeposit(r, decimalsOf(r.coin)));
  });

  registry.add('assets/bankDepositDetail', (ctx) => {
    const row = store.get(idField(ctx.input, 'id'));
    if (!row || row.userId !== sessionOf(ctx).userId) throw notFound();
    return toBankDeposit(row, decimalsOf(row.coin));
  });
}
