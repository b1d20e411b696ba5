import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../domain';
import { centsText, checkUpload, parseDepositAmount } from '../../../server/assets/bank/rules';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const b64 = (b: Buffer) => b.toString('base64');

describe('checkUpload', () => {
  it.each([
    ['image/jpeg', JPEG],
    ['image/png', PNG],
    ['image/webp', WEBP],
    ['IMAGE/PNG', PNG],
  ])('accepts %s whose bytes match', (mime, bytes) => {
    const r = checkUpload(mime, b64(bytes));
    expect(r).toEqual({ mime: mime.toLowerCase(), bytes });
  });

  it.each<[string, string, string, string]>([
    ['an unsupported type', 'image/gif', b64(Buffer.from('GIF89a')), 'mime'],
    ['a JPEG declared as PNG', 'image/png', b64(JPEG), 'data'],
    ['a PNG declared as WebP', 'image/webp', b64(PNG), 'data'],
    ['RIFF without WEBP', 'image/webp', b64(Buffer.from('RIFF\x04\x00\x00\x00WAVEfmt ')), 'data'],
    ['text', 'image/jpeg', b64(Buffer.from('hello world')), 'data'],
    ['characters outside base64', 'image/jpeg', '/9j/4A*QSkZJRg==', 'data'],
    ['a data: URL', 'image/jpeg', `data:image/jpeg;base64,${b64(JPEG)}`, 'data'],
    ['a dangling character', 'image/png', `${b64(PNG)}A`, 'data'],
    ['stray bits after the last byte', 'image/jpeg', b64(JPEG).replace('Rg==', 'Rh=='), 'data'],
    ['too short for its signature', 'image/png', b64(PNG.subarray(0, 7)), 'data'],
  ])('refuses %s as uploadType', (_, mime, data, field) => {
    expect(checkUpload(mime, data)).toEqual({ key: 'uploadType', field });
  });

  it('refuses empty data as uploadRequired', () => {
    expect(checkUpload('image/png', '')).toEqual({ key: 'uploadRequired', field: 'data' });
  });

  it('accepts exactly UPLOAD_MAX_BYTES and refuses one byte more', () => {
    const max = Buffer.alloc(UPLOAD_MAX_BYTES);
    JPEG.copy(max);
    expect('mime' in checkUpload('image/jpeg', b64(max))).toBe(true);
    const over = Buffer.concat([max, Buffer.from([0])]);
    expect(checkUpload('image/jpeg', b64(over))).toEqual({ key: 'uploadTooLarge', field: 'data' });
  });
});

describe('parseDepositAmount', () => {
  const terms = { rate: '0.1234567', minAmount: '10', maxAmount: '50000' };

  it('returns cents and the credit floored to the coin decimals', () => {
    // 123.45 × 0.1234567 = 15.240729615 → 15.240729 with 6 decimals, never rounded up.
    expect(parseDepositAmount('123.45', terms, 6)).toEqual({ cents: 12345n, credit: 1_524_072_900n });
    expect(parseDepositAmount(' 10 ', terms, 2)).toEqual({ cents: 1000n, credit: 123_000_000n });
    expect(parseDepositAmount('50000.00', terms, 8)).toEqual({ cents: 5_000_000n, credit: 617_283_500_000n });
  });

  it('keeps the product exact past 20 significant digits', () => {
    const r = parseDepositAmount('49999.99', { ...terms, rate: '0.99999999999999999999' }, 8);
    // Exactly 49999.9899999999999999950001: floored, not rounded to 49999.99.
    expect(r).toEqual({ cents: 4_999_999n, credit: 4_999_998_999_999n });
  });

  it.each<[string, string]>([
    ['', 'required'],
    ['abc', 'amountFormat'],
    ['-10', 'amountFormat'],
    ['1e3', 'amountFormat'],
    ['10.001', 'amountFormat'],
    ['0', 'amountPositive'],
    ['0.00', 'amountPositive'],
    ['9.99', 'amountBelowMin'],
    ['50000.01', 'amountAboveMax'],
  ])('refuses %j with %s', (text, key) => {
    expect(parseDepositAmount(text, terms, 6)).toEqual({ field: 'amount', key });
  });

  it('refuses an amount whose credit floors to zero', () => {
    expect(parseDepositAmount('10', { ...terms, rate: '0.00000009' }, 6)).toEqual({
      field: 'amount',
      key: 'amountBelowMin',
    });
  });

  it('writes cents with two places', () => {
    expect([centsText(5n), centsText(1000n), centsText(12345n)]).toEqual(['0.05', '10.00', '123.45']);
  });
});
