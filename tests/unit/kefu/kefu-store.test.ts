// The support chat's store on the one writer: a message (with its image and the operator's journal
// line) is one command, kept whole or not at all; a resent message is stored once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KefuStore, type NewMessage } from '../../../server/kefu/store';
import { insertUser, openTestDatabase, type Db } from '../../support/db';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const T0 = 1_700_000_000_000;

let db: Db;
let clock: number;
let store: KefuStore;
beforeEach(async () => {
  db = await openTestDatabase();
  insertUser(db.sqlite, 1);
  clock = T0;
  store = new KefuStore(db.engine, () => clock);
});
afterEach(async () => {
  await db.close();
});

const text = (clientId: string | null, t = 'hello'): NewMessage => ({
  userId: 1,
  sender: 'user',
  operator: null,
  clientId,
  text: t,
  image: null,
});
const rows = (table: string) =>
  (db.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('KefuStore', () => {
  it('stores a message once per client id; the repeat answers the stored one', async () => {
    const first = await store.add(text('c-1'));
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({ clientId: 'c-1', sender: 'user', kind: 'text', text: 'hello' });
    const again = await store.add(text('c-1', 'changed'));
    expect(again).toEqual({ message: first.message, created: false });
    expect(rows('kefu_messages')).toBe(1);
  });

  it('two sends of one client id queued together store it once', async () => {
    const [a, b] = await Promise.all([store.add(text('c-2')), store.add(text('c-2'))]);
    expect([a.created, b.created]).toEqual([true, false]);
    expect(b.message.id).toBe(a.message.id);
    expect(rows('kefu_messages')).toBe(1);
  });

  it('a refusal in afterInsert (the journal) undoes the message and its image', async () => {
    const withImage: NewMessage = {
      ...text(null, ''),
      sender: 'operator',
      operator: 'olga',
      image: { mime: 'image/png', bytes: PNG },
    };
    await expect(store.add(withImage, () => Promise.reject(new Error('journal refused')))).rejects.toThrow(
      'journal refused',
    );
    expect(rows('kefu_messages')).toBe(0);
    expect(rows('kefu_images')).toBe(0);
    let seen: number | null = null;
    const kept = await store.add(withImage, (m) => (seen = m.id));
    expect(seen).toBe(kept.message.id);
    expect(kept.message.kind).toBe('image');
    const image = await store.image(kept.message.imageId!);
    expect(image).toMatchObject({ userId: 1, mime: 'image/png' });
    expect(Buffer.compare(image!.data, PNG)).toBe(0);
  });

  it('marks receipts once: read implies delivered, a second mark changes nothing', async () => {
    const op = { ...text(null, 'answer'), sender: 'operator' as const, operator: 'olga' };
    const m = (await store.add(op)).message;
    expect(await store.unread(1, 'operator')).toBe(1);
    // Counted as of a page that ends before it: a reply stored after the page was read is not in it.
    expect(await store.unread(1, 'operator', m.id - 1)).toBe(0);
    expect(await store.unread(1, 'operator', m.id)).toBe(1);
    clock = T0 + 5;
    expect(await store.mark(1, 'operator', m.id, 'read')).toBe(T0 + 5);
    clock = T0 + 9;
    expect(await store.mark(1, 'operator', m.id, 'read')).toBeNull();
    expect(await store.mark(1, 'operator', m.id, 'delivered')).toBeNull();
    expect(await store.unread(1, 'operator')).toBe(0);
    const [shown] = await store.history(1, Number.MAX_SAFE_INTEGER, 10);
    expect(shown).toMatchObject({ id: m.id, deliveredAt: T0 + 5, readAt: T0 + 5 });
  });

  it('pages the conversation oldest first, before a message id', async () => {
    const ids: number[] = [];
    for (const c of ['a', 'b', 'c']) ids.push((await store.add(text(c, c))).message.id);
    expect((await store.history(1, ids[2]!, 10)).map((m) => m.text)).toEqual(['a', 'b']);
    expect((await store.opsHistory(1, Number.MAX_SAFE_INTEGER, 2)).map((m) => m.text)).toEqual(['b', 'c']);
    expect(await store.image('not-an-id')).toBeUndefined();
  });
});
