// The review queues of the operator console's phase 2, filled for its e2e walk and screenshots: a
// merchant application waiting, an appealed P2P order with images and chat from both sides, a
// coin-listing application; with `more`, an IEO project and an earn product not yet open and a
// P2P freeze (a second appeal decided as fraud).
import type { LegalAd } from '../../domain/legal';
import { callApi } from './api';
import { dataOf } from './assets';
import { opsCall } from './bank';
import { verifyIdentity } from './identity';
import { addBank, as, merchant, person, PNG, publish, take, type Person } from './legal';

const HOUR = 3_600_000;

/** An image uploaded by `p`; its id. */
async function upload(origin: string, p: Person): Promise<string> {
  const r = await callApi(
    origin,
    'assets/upload',
    { mime: 'image/png', data: PNG },
    { json: true, token: p.token },
  );
  return dataOf<{ id: string }>(r).id;
}

/** A merchant application waiting, an appealed order with images from both sides, a listing application. */
export async function fillReviews(origin: string, dataDir: string, more = false) {
  const applicant = await person(origin);
  await verifyIdentity(origin, applicant.token, 'Applicant Zhao');
  await addBank(origin, applicant, 'Applicant Zhao');
  dataOf(await as(origin, applicant, 'legal/merchantApply', { nickname: 'Zhao Shop' }));

  const m = await merchant(origin, dataDir, '5000');
  const ad: LegalAd = await publish(origin, m, { total: '1000' });
  const buyer = await person(origin);
  const order = await take(origin, buyer, ad.id, 'qty', '5');
  dataOf(await as(origin, buyer, 'legal/pay', { id: order.id, reference: 'BANK-778' }));
  dataOf(
    await as(origin, buyer, 'legal/messageSend', {
      id: order.id,
      text: 'Paid, see receipt',
      imageId: await upload(origin, buyer),
    }),
  );
  dataOf(
    await as(origin, m, 'legal/messageSend', {
      id: order.id,
      text: 'Nothing arrived',
      imageId: await upload(origin, m),
    }),
  );
  dataOf(
    await as(origin, buyer, 'legal/appeal', {
      id: order.id,
      reason: 'Paid, not released',
      evidence: await upload(origin, buyer),
    }),
  );

  const team = await person(origin);
  dataOf(
    await callApi(
      origin,
      'listing/apply',
      {
        project: 'Acme Network',
        symbol: 'acme',
        chain: 'ERC20',
        contract: '0x' + 'ab'.repeat(20),
        website: 'https://acme.example',
        contact: 'team@acme.example',
        description: 'A token for the Acme network.',
      },
      { token: team.token },
    ),
  );
  if (more) await fillMore(origin, m, ad);
  return { applicant, buyer, seller: m };
}

/** A fraud freeze (a second appeal decided as fraud), an IEO project and an earn product not yet open. */
async function fillMore(origin: string, m: Person, ad: LegalAd): Promise<void> {
  const cheat = await person(origin);
  const order = await take(origin, cheat, ad.id, 'qty', '2');
  dataOf(await as(origin, cheat, 'legal/pay', { id: order.id, reference: 'FAKE-1' }));
  dataOf(await as(origin, m, 'legal/appeal', { id: order.id, reason: 'Marked paid, nothing arrived' }));
  const ok = (r: { status: number; body: { code?: number } }, what: string) => {
    if (r.body.code !== 200) throw new Error(`${what} failed: ${JSON.stringify(r.body)}`);
  };
  ok(
    await opsCall(origin, 'POST', 'legal/appeals/decide', {
      orderId: order.id,
      outcome: 'return',
      fraud: 'true',
      note: 'No payment on the statement',
    }),
    'decide',
  );
  const now = Date.now();
  ok(
    await opsCall(origin, 'POST', 'ieo/create', {
      name: 'Nova Launch',
      coin: 'NOVAX',
      coinName: 'Nova Token',
      coinDecimals: 4,
      quote: 'USDT',
      price: '0.5',
      lot: '10',
      total: '100000',
      cap: '500',
      preheatAt: now,
      opensAt: now + 24 * HOUR,
      closesAt: now + 72 * HOUR,
      website: 'https://nova.example',
      whitepaper: 'https://nova.example/paper.pdf',
      explorer: 'https://explorer.example/token/nova',
      description: 'A test project.',
    }),
    'ieo/create',
  );
  ok(
    await opsCall(origin, 'POST', 'lockming/products/create', {
      kind: 'lock',
      coin: 'USDT',
      name: 'USDT 90-day lock',
      days: 90,
      dailyRate: '0.0004',
      minAmount: '50',
      total: '200000',
      earlyRedeem: 'true',
      opensAt: now + 12 * HOUR,
    }),
    'lockming/products/create',
  );
}
