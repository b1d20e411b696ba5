import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/http/app-error';
import { idField, intField, pageFields, parseDigits } from '../../../server/http/input';

const keyOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof AppError ? `${err.key}:${err.field ?? ''}` : String(err);
  }
};

describe('parseDigits', () => {
  it.each(['0', '7', '121', '007', '9007199254740991'])('reads %j', (text) => {
    expect(parseDigits(text)).toBe(Number(text));
  });

  it.each([
    '',
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
  it('ids: positive digits or notFound', () => {
    expect(idField({ id: '42' }, 'id')).toBe(42);
    expect(idField({ id: 42 }, 'id')).toBe(42);
    for (const id of ['0', '', '0x2a', '4.2e1', '42.0', 4.2, true])
      expect(keyOf(() => idField({ id }, 'id'))).toBe('notFound:');
  });

  it('counts: fallback when empty, required without one, badRequest outside digits or range', () => {
    expect(intField({}, 'n', { min: 1, max: 5, fallback: 3 })).toBe(3);
    expect(keyOf(() => intField({}, 'n', { min: 1, max: 5 }))).toBe('required:n');
    expect(keyOf(() => intField({ n: '6' }, 'n', { min: 1, max: 5 }))).toBe('badRequest:n');
    expect(keyOf(() => intField({ n: '5e0' }, 'n', { min: 1, max: 5 }))).toBe('badRequest:n');
    expect(pageFields({ limit: '20' }, 50, 200)).toEqual({ before: Number.MAX_SAFE_INTEGER, limit: 20 });
    expect(keyOf(() => pageFields({ before: '0x10' }, 50, 200))).toBe('badRequest:before');
  });
});
