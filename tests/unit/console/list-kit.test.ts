// The console's list and editor kits (console/src/lists, console/src/forms/editor.tsx) rendered to
// HTML in Node (react-dom/server; effects do not run): what every list page shows in each state,
// which cells carry a caption on a phone, how a row opens, what an editor offers when locked or read
// only; and the frame the request queues share (queue/user-review.ts).
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { EditorFrame } from '../../../console/src/forms/editor';
import { DataTable, numberColumn, type Column } from '../../../console/src/lists/data-table';
import { ListBody } from '../../../console/src/lists/list-body';
import { ListPage } from '../../../console/src/lists/list-page';
import { userReview, type UserRequest } from '../../../console/src/queue/user-review';
import type { Show } from '../../../console/src/queue/spec';

beforeAll(async () => {
  const en = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'console/locales/en.json'), 'utf8'),
  ) as object;
  await i18next.init({
    lng: 'en',
    resources: { en: { console: en } },
    ns: ['console'],
    defaultNS: 'console',
    interpolation: { escapeValue: false },
  });
});

const html = (node: ReactNode) => renderToStaticMarkup(h(MemoryRouter, null, node));

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 7, name: 'seven' },
  { id: 3, name: 'three' },
];
const COLUMNS: Column<Row>[] = [
  numberColumn(),
  { head: 'Name', cell: (r) => r.name, attrs: (r) => ({ 'data-name': r.name }) },
  { head: '', caption: false, className: (r) => `row-actions n${r.id}`, cell: () => 'x' },
];

describe('the list kit', () => {
  it('captions each cell on a phone but the number and the unlabelled ones', () => {
    const out = html(h(DataTable<Row>, { rows: ROWS, columns: COLUMNS, rowTestId: 'r' }));
    expect(out).toContain('<th>#</th><th>Name</th><th></th>');
    expect(out).toContain('<td class="num">7</td><td data-label="Name" data-name="seven">seven</td>');
    expect(out).toContain('<td class="row-actions n7">x</td>');
    // No `onOpen`: plain rows, not reached by the keyboard.
    expect(out).toContain('<tr data-testid="r"><td');
    expect(out).not.toContain('tabindex');
  });

  it('makes a row a link the keyboard reaches when it opens something', () => {
    const out = html(
      h(DataTable<Row>, {
        rows: ROWS,
        columns: COLUMNS,
        rowTestId: 'r',
        onOpen: () => undefined,
        rowAttrs: (r) => ({ 'data-id': String(r.id) }),
      }),
    );
    expect(
      out.match(/<tr data-testid="r" data-id="\d" class="table__row--link" tabindex="0">/g),
    ).toHaveLength(2);
  });

  it('shows `…` while reading, the failure (with its retry), the empty words, else the rows', () => {
    const body = (rows: Row[] | null | undefined, more: object = {}) =>
      html(h(ListBody<Row>, { rows, ...more, children: (r) => `rows:${r.length}` }));
    expect(body(undefined)).toBe('<p class="loading">…</p>');
    expect(body(null)).toBe('<p class="empty">That did not work.</p>');
    expect(
      body(null, {
        failed: { text: 'Gone', testId: 'f', retry: { label: 'Again', onClick: () => undefined } },
      }),
    ).toBe(
      '<div class="empty" data-testid="f"><p>Gone</p><button type="button" class="btn">Again</button></div>',
    );
    expect(body([], { empty: { text: 'None', testId: 'e' } })).toBe(
      '<p class="empty" data-testid="e">None</p>',
    );
    // Without words for an empty list its table is shown, head alone.
    expect(body([])).toBe('rows:0');
    expect(body(ROWS, { empty: { text: 'None' } })).toBe('rows:2');
  });

  it('puts the filter and the refresh before the page’s own tools', () => {
    const out = html(
      h(ListPage<'a' | 'b'>, {
        testId: 'p',
        title: 'Title',
        filter: {
          label: 'Status',
          testId: 'pick',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
          list: { filter: 'b', setFilter: () => undefined, reload: () => undefined },
        },
        tools: h('a', { className: 'new' }, 'New'),
        children: h('p', null, 'body'),
      }),
    );
    expect(out).toBe(
      '<section class="page" data-testid="p"><header class="page__head"><h1 class="page__title">Title</h1>' +
        '<label class="filter"><span>Status</span><select data-testid="pick">' +
        '<option value="a">A</option><option value="b" selected="">B</option></select></label>' +
        '<button type="button" class="btn">Refresh</button><a class="new">New</a></header><p>body</p></section>',
    );
  });
});

describe('the editor kit', () => {
  const frame = (locked: string | null, mayEdit: boolean) =>
    html(
      h(EditorFrame, {
        testId: 'ed',
        back: { to: '/x', label: 'Things' },
        title: 'New thing',
        locked,
        mayEdit,
        onSubmit: () => undefined,
        hint: 'Times in UTC+00:00',
        saveTestId: 'save',
        saveLabel: 'Create',
        busy: false,
        children: h('input', { name: 'a' }),
      }),
    );

  it('offers the save while the record may be edited', () => {
    const out = frame(null, true);
    expect(out).toContain('<fieldset class="form__fields"><input name="a"/></fieldset>');
    expect(out).toContain('<p class="field__hint">Times in UTC+00:00</p>');
    expect(out).toContain('data-testid="save">Create</button>');
    expect(out).not.toContain('data-testid="locked"');
  });

  it('says why and disables the fields once locked, or for a role that may only read', () => {
    const locked = frame('Opened already', true);
    expect(locked).toContain('<p class="note note--locked" data-testid="locked">Opened already</p>');
    expect(locked).toContain('<fieldset class="form__fields" disabled="">');
    expect(locked).not.toContain('data-testid="save"');
    const reader = frame(null, false);
    expect(reader).toContain('<p class="note">Your role cannot do this.</p>');
    expect(reader).toContain('disabled=""');
    expect(reader).not.toContain('data-testid="save"');
  });
});

describe('a request queue’s frame', () => {
  interface Req extends UserRequest {
    what: string;
  }
  const show: Show = { t: (k) => k, decimal: (v) => v ?? '', moment: (ms) => `@${ms}` };
  const spec = userReview<Req>({
    route: 'kyc',
    title: 't',
    statuses: ['review', 'done'],
    targetType: 'x',
    columns: [{ label: 'what', value: (r) => r.what }],
    details: [{ label: 'what', value: (r) => r.what }],
    approve: { label: 'action.approve', run: async () => null },
    refuse: { title: 'refuse.title', run: async () => null },
  });
  const req: Req = {
    id: 1,
    userId: 9,
    account: 'ann',
    status: 'done',
    createdAt: 5,
    what: 'w',
    decidedBy: 'rita',
    decidedAt: 6,
    reason: 'blurred',
  };

  it('lists the account first and the time sent last', () => {
    expect(spec.columns.map((c) => [c.label, c.value(req, show)])).toEqual([
      ['field.account', 'ann'],
      ['what', 'w'],
      ['field.submitted', '@5'],
    ]);
  });

  it('details the user’s number, then who decided, when and why', () => {
    expect(spec.details.map((c) => [c.label, c.value(req, show)])).toEqual([
      ['field.account', 'ann (#9)'],
      ['what', 'w'],
      ['field.submitted', '@5'],
      ['field.decidedBy', 'rita · @6'],
      ['field.reason', 'blurred'],
    ]);
    const open = { ...req, decidedBy: null, decidedAt: null, reason: null };
    expect(spec.details.slice(3).map((c) => c.value(open, show))).toEqual(['—', '—']);
  });

  it('approves as asked and refuses with a reason', () => {
    expect(spec.images(req)).toEqual([]);
    expect(spec.decisions.map((d) => [d.label, d.kind, d.ask])).toEqual([
      ['action.approve', 'approve', undefined],
      ['action.refuse', 'refuse', { title: 'refuse.title', label: 'reason.label' }],
    ]);
  });
});
