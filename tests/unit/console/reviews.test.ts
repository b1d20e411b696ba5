// The review pages' logic (issue 26, phase 2): which decisions an item offers, each side's appeal
// evidence, paging of lists the server gives whole, the form values of IEO projects and earn
// products and when they lock, local times in forms, and where a server refusal is shown.
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput, utcOffsetLabel } from '../../../console/src/forms/datetime';
import { fieldOfRefusal } from '../../../console/src/forms/server-errors';
import { clientPage } from '../../../console/src/lists/client-page';
import { appealFiles, evidenceBySide } from '../../../console/src/pages/appeals/evidence';
import {
  emptyProduct,
  productLocked,
  productRequest,
  productState,
  productToForm,
  unitsText,
} from '../../../console/src/pages/earn/product-form';
import { emptyProject, projectLocked, projectRequest } from '../../../console/src/pages/ieo/project-form';
import { decisionsFor, isWaiting, statusKey, type QueueSpec } from '../../../console/src/queue/spec';
import type { EarnProduct } from '../../../console/worker/routes';

interface Item {
  id: number;
  status: string;
  account: string;
  createdAt: number;
}
const base = {
  route: 'listings' as const,
  title: 't',
  targetType: 'x',
  columns: [],
  details: [],
  images: () => [],
};
const run = async () => null;

describe('queue decisions', () => {
  const spec: QueueSpec<Item> = {
    ...base,
    statuses: ['submitted', 'review', 'accepted', 'rejected'],
    waiting: (i) => i.status === 'submitted' || i.status === 'review',
    decisions: [
      { label: 'start', kind: 'approve', when: (i) => i.status === 'submitted', run },
      { label: 'accept', kind: 'approve', run },
    ],
  };
  const item = (status: string): Item => ({ id: 1, status, account: 'a', createdAt: 0 });

  it('offers a decision only while the item waits, and only where its `when` holds', () => {
    expect(decisionsFor(spec, item('submitted')).map((d) => d.label)).toEqual(['start', 'accept']);
    expect(decisionsFor(spec, item('review')).map((d) => d.label)).toEqual(['accept']);
    expect(decisionsFor(spec, item('accepted'))).toEqual([]);
  });

  it('waits on the first status when the spec says nothing else; status texts under its prefix', () => {
    const plain: QueueSpec<Item> = { ...base, statuses: ['review', 'approved'], decisions: [] };
    expect(isWaiting(plain, item('review'))).toBe(true);
    expect(isWaiting(plain, item('approved'))).toBe(false);
    expect(statusKey(plain, 'review')).toBe('status.review');
    expect(statusKey({ statusText: 'reviews.listing.status.' }, 'review')).toBe(
      'reviews.listing.status.review',
    );
  });
});

describe('appeal evidence by side', () => {
  const appeal = { id: 1, openedBy: 'seller' as const, reason: 'r', evidence: '["e1","e2"]' };

  it('gives the appeal files to the opener and chat images to their sender, each image once', () => {
    const sides = evidenceBySide(appeal, [
      { role: 'buyer', imageId: 'b1', text: 'paid', at: 10 },
      { role: 'seller', imageId: '', text: 'no', at: 11 },
      { role: 'seller', imageId: 'e1', text: 'again', at: 12 },
      { role: 'buyer', imageId: 'b2', text: '', at: 13 },
    ]);
    expect(sides.seller.map((e) => [e.id, e.from])).toEqual([
      ['e1', 'appeal'],
      ['e2', 'appeal'],
    ]);
    expect(sides.buyer.map((e) => [e.id, e.at, e.text])).toEqual([
      ['b1', 10, 'paid'],
      ['b2', 13, ''],
    ]);
  });

  it('reads no file from a missing appeal or evidence that is not a list of ids', () => {
    expect(appealFiles(null)).toEqual([]);
    expect(appealFiles({ ...appeal, evidence: 'not json' })).toEqual([]);
    expect(appealFiles({ ...appeal, evidence: '{"a":1}' })).toEqual([]);
    expect(appealFiles({ ...appeal, evidence: '["x", 3, ""]' })).toEqual(['x']);
  });
});

describe('paging a whole list', () => {
  const rows = [3, 9, 1, 7, 5].map((id) => ({ id }));

  it('gives the highest ids first, a page at a time, with the cursor of the next page', () => {
    const first = clientPage(rows, null, 2);
    expect(first).toEqual({ rows: [{ id: 9 }, { id: 7 }], next: 7 });
    const second = clientPage(rows, first.next, 2);
    expect(second).toEqual({ rows: [{ id: 5 }, { id: 3 }], next: 3 });
    expect(clientPage(rows, second.next, 2)).toEqual({ rows: [{ id: 1 }], next: null });
    expect(clientPage(rows, null, 5).next).toBeNull();
  });
});

describe('local times in forms', () => {
  it('turns a local wall time into milliseconds and back, to the minute', () => {
    const ms = new Date(2030, 0, 31, 9, 30).getTime();
    expect(toLocalInput(ms)).toBe('2030-01-31T09:30');
    expect(fromLocalInput('2030-01-31T09:30')).toBe(ms);
    expect(fromLocalInput('2030-01-31T09:30:15')).toBe(ms + 15_000);
  });

  it('reads no moment from an empty, malformed or impossible value', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2030-02-31T10:00')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(utcOffsetLabel()).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
  });
});

describe('the IEO project form', () => {
  it('sends trimmed texts and the times in milliseconds; an unreadable time goes empty', () => {
    const form = {
      ...emptyProject(),
      name: ' Moon ',
      coin: 'MOON',
      price: '0.1',
      opensAt: '2030-01-31T09:30',
      closesAt: 'soon',
    };
    const req = projectRequest(form);
    expect(req).toMatchObject({ name: 'Moon', coin: 'MOON', quote: 'USDT', coinDecimals: '8', price: '0.1' });
    expect(req.opensAt).toBe(new Date(2030, 0, 31, 9, 30).getTime());
    expect(req.closesAt).toBe('');
    expect(req.preheatAt).toBe('');
  });

  it('locks once the window opened, by its phase or by the clock since it was read', () => {
    expect(projectLocked({ phase: 'preheat', opensAt: 2_000 }, 1_000)).toBeNull();
    expect(projectLocked({ phase: 'preheat', opensAt: 2_000 }, 2_000)).toBe('reviews.ieo.locked');
    expect(projectLocked({ phase: 'subscribe', opensAt: 2_000 }, 1_000)).toBe('reviews.ieo.locked');
    expect(projectLocked({ phase: 'ended', opensAt: 2_000 }, 1_000)).toBe('reviews.ieo.locked');
  });
});

describe('the earn product form', () => {
  const product: EarnProduct = {
    id: 4,
    kind: 'lock',
    coin: 'USDT',
    name: '30 days',
    days: 30,
    dailyRate: '0.0005',
    minUnits: '10000000000',
    totalUnits: '150000000',
    earlyRedeem: false,
    opensAt: 5_000,
    closesAt: null,
    createdBy: 'op',
    createdAt: 1,
    updatedAt: 1,
  };

  it('shows ledger units as the shortest decimal', () => {
    expect(unitsText('10000000000')).toBe('100');
    expect(unitsText('150000000')).toBe('1.5');
    expect(unitsText('1')).toBe('0.00000001');
    expect(unitsText(null)).toBe('');
    expect(productToForm(product)).toMatchObject({
      minAmount: '100',
      total: '1.5',
      days: '30',
      closesAt: '',
    });
  });

  it('sends a lock-up with its period, a savings product without one and always redeemable', () => {
    const lock = productRequest({ ...productToForm(product), opensAt: '2030-01-31T09:30' });
    expect(lock).toMatchObject({ kind: 'lock', days: '30', earlyRedeem: false, total: '1.5' });
    expect(lock.opensAt).toBe(new Date(2030, 0, 31, 9, 30).getTime());
    expect('closesAt' in lock).toBe(false);
    const savings = productRequest({
      ...emptyProduct(),
      kind: 'savings',
      days: '30',
      coin: ' usdt ',
      opensAt: '',
      closesAt: '2030-03-01T00:00',
    });
    expect(savings).toMatchObject({ kind: 'savings', coin: 'USDT', earlyRedeem: true, opensAt: '' });
    expect('days' in savings).toBe(false);
    expect(savings.closesAt).toBe(new Date(2030, 2, 1).getTime());
  });

  it('locks once it opened and says where it stands', () => {
    expect(productLocked(product, 4_999)).toBeNull();
    expect(productLocked(product, 5_000)).toBe('reviews.earn.locked');
    expect(productState(product, 4_999)).toBe('upcoming');
    expect(productState(product, 5_000)).toBe('open');
    expect(productState({ opensAt: 5_000, closesAt: 6_000 }, 6_000)).toBe('closed');
  });
});

describe('a server refusal in a form', () => {
  const fields = ['name', 'opensAt'] as const;

  it('goes to the field the server named when the form has it, else to a toast', () => {
    expect(fieldOfRefusal({ ok: false, problem: 'message', field: 'opensAt', message: 'm' }, fields)).toBe(
      'opensAt',
    );
    expect(fieldOfRefusal({ ok: false, problem: 'message', field: 'id', message: 'm' }, fields)).toBeNull();
    expect(fieldOfRefusal({ ok: false, problem: 'message', message: 'm' }, fields)).toBeNull();
    expect(fieldOfRefusal({ ok: false, problem: 'forbidden', field: 'name' }, fields)).toBeNull();
    expect(
      fieldOfRefusal({ ok: false, problem: 'message', field: 'minUnits' }, fields, (f) =>
        f === 'minUnits' ? 'name' : f,
      ),
    ).toBe('name');
  });
});
