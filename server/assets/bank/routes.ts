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
import type { Engine } from '../../db';
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
  engine: Engine;
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

  registry.add('user/bankCard', async (ctx) => ({ card: await store.card(sessionOf(ctx).userId) }));

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
      // The password hash is checked before the command: nothing but the database runs inside one.
      await requireTradePassword(deps.engine, userId, str(ctx.input, 'tradePassword'));
      const card: BankCard = { ...parsed.ok, updatedAt: now() };
      await deps.engine.writer.run(() => store.bindCard(userId, card));
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
    const row = await uploads.owned(str(ctx.input, 'id').trim(), sessionOf(ctx).userId);
    if (!row) throw notFound();
    return { id: row.id, mime: row.mime, data: (await uploads.read(row)).toString('base64') };
  });

  registry.add('assets/bankDeposit', async (ctx) => {
    const userId = sessionOf(ctx).userId;
    if (!terms) throw fail('depositDisabled');
    // The card is checked first (binding it is what the user must do before anything else) …
    const bound = await store.card(userId);
    if (!bound) throw fail('cardRequired');
    const payerName = str(ctx.input, 'payerName').trim().replace(/\s+/g, ' ');
    if (!payerName) throw fail('required', 'payerName');
    if ([...payerName].length > NAME_MAX) throw fail('textTooLong', 'payerName');
    const checkCard = (card: BankCard | null): BankCard => {
      if (!card) throw fail('cardRequired');
      // Spec §5: the card paid from must be the bound one, and the payer is its holder.
      if (!sameHolder(payerName, card.holder)) throw fail('boundMismatch', 'payerName');
      return card;
    };
    checkCard(bound);
    const amount = parseDepositAmount(str(ctx.input, 'amount'), terms, decimalsOf(terms.coin));
    if (isProblem(amount)) throw fail(amount.key, amount.field);
    const reference = str(ctx.input, 'reference').trim();
    if (!reference) throw fail('required', 'reference');
    if ([...reference].length > REFERENCE_MAX) throw fail('textTooLong', 'reference');
    const proofId = str(ctx.input, 'proofId').trim();
    const row = await deps.engine.writer.run(async () => {
      // … and again in the command, with the proof: the card copied and the proof taken are the ones
      // the database holds now, not when the request was read.
      const card = checkCard(await store.card(userId));
      // Another user's id, an unknown one and one already backing a deposit all mean: no proof yet.
      const proof = await uploads.owned(proofId, userId);
      if (!proof || (await store.proofUsed(proof.id))) throw fail('uploadRequired', 'proofId');
      return store.insert({
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
    });
    return toBankDeposit(row, decimalsOf(row.coin));
  });

  registry.add('assets/bankDeposits', async (ctx) => {
    const { before, limit } = pageArgs(ctx.input);
    const rows = await store.list({ userId: sessionOf(ctx).userId, status: null, before, limit });
    return rows.map((r) => toBankDeposit(r, decimalsOf(r.coin)));
  });

  registry.add('assets/bankDepositDetail', async (ctx) => {
    const row = await store.get(idField(ctx.input, 'id'));
    if (!row || row.userId !== sessionOf(ctx).userId) throw notFound();
    return toBankDeposit(row, decimalsOf(row.coin));
  });
}
