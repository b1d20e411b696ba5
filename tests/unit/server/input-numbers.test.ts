import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http/app-error';
import {
  idField,
  intField,
  optionalIdField,
  optionalIntField,
  pageFields,
  parseDigits,
} from '../../../server/http/input';

const keyOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof AppError ? `${err.key}:${err.field ?? ''}` : String(err);
  }
};

describe('parseDigits', () => {
  it.each(['0', '7', '121', '9007199254740991'])('reads %j', (text) => {
    expect(parseDigits(text)).toBe(Number(text));
  });

  it.each([
    '',
    '007',
    '0117',
    '00',
    '0x79',
    '+119',
    '-1',
    '120e0',
    '12.2e1',
    '118.0',
    ' 12',
    '12 ',
    '1_000',
    '١٢',
    'Infinity',
    '9007199254740992',
    '12345678901234567',
  ])('refuses %j', (text) => {
    expect(parseDigits(text)).toBeNull();
  });
});

describe('idField, intField, pageFields', () => {
  it('ids: canonical positive integers; absent is notFound, anything else malformed', () => {
    expect(idField({ id: '42' }, 'id')).toBe(42);
    expect(idField({ id: 42 }, 'id')).toBe(42);
    expect(keyOf(() => idField({}, 'id'))).toBe('notFound:');
    expect(keyOf(() => idField({ id: '' }, 'id'))).toBe('notFound:');
    for (const id of ['0', '042', ' 42', '0x2a', '4.2e1', '42.0', '-42', 4.2, -42, true, ['42'], { a: 42 }])
      expect(
        keyOf(() => idField({ id }, 'id')),
        JSON.stringify(id),
      ).toBe('badRequest:id');
    // `id[]=42` and `id[0]=42` arrive as keys of their own from a query string or form.
    expect(keyOf(() => idField({ 'id[]': '42' }, 'id'))).toBe('badRequest:id');
    expect(keyOf(() => idField({ 'id[0]': '42' }, 'id'))).toBe('badRequest:id');
    expect(optionalIdField({}, 'id')).toBeNull();
    expect(keyOf(() => optionalIdField({ id: ['1'] }, 'id'))).toBe('badRequest:id');
  });

  it('counts: fallback when empty, required without one, badRequest outside digits or range', () => {
    expect(intField({}, 'n', { min: 1, max: 5, fallback: 3 })).toBe(3);
    expect(keyOf(() => intField({}, 'n', { min: 1, max: 5 }))).toBe('required:n');
    expect(keyOf(() => intField({ n: '6' }, 'n', { min: 1, max: 5 }))).toBe('badRequest:n');
    expect(keyOf(() => intField({ n: '5e0' }, 'n', { min: 1, max: 5 }))).toBe('badRequest:n');
    expect(pageFields({ limit: '20' }, 50, 200)).toEqual({ before: Number.MAX_SAFE_INTEGER, limit: 20 });
    expect(keyOf(() => pageFields({ before: '0x10' }, 50, 200))).toBe('badRequest:before');
    for (const before of [' 12', '-1', '012', '1e3', ['12'], false])
      expect(
        keyOf(() => pageFields({ before }, 50, 200)),
        JSON.stringify(before),
      ).toBe('badRequest:before');
    expect(keyOf(() => pageFields({ 'limit[]': '5' }, 50, 200))).toBe('badRequest:limit');
    expect(keyOf(() => pageFields({ limit: ['5', '6'] }, 50, 200))).toBe('badRequest:limit');
    expect(optionalIntField({}, 'before', { min: 0, max: 9 })).toBeNull();
    expect(keyOf(() => optionalIntField({ before: ['1'] }, 'before', { min: 0, max: 9 }))).toBe(
      'badRequest:before',
    );
  });
});
