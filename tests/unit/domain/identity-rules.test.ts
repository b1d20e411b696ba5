import { describe, expect, it } from 'vitest';
import {
  idNumberProblem,
  kycNameProblem,
  maskAccount,
  maskIdNumber,
  normalizeIdNumber,
  normalizeKycName,
} from '../../../domain/identity-rules';

describe('identity rules', () => {
  it.each([
    ['idCard', '11010519491231002X', null],
    ['idCard', '110105 1949 1231 002x', null],
    ['idCard', '3201234567890001', null],
    ['idCard', '110105194912310021', 'kycIdNumberFormat'],
    ['idCard', 'ABCDEFGH', 'kycIdNumberFormat'],
    ['idCard', '12AB!', 'kycIdNumberFormat'],
    ['idCard', '12345', 'kycIdNumberFormat'],
    ['idCard', '1'.repeat(21), 'kycIdNumberFormat'],
    ['idCard', '', 'required'],
    ['passport', 'E1234567', null],
    ['passport', 'ABCDEFGHI', 'kycIdNumberFormat'],
    ['passport', 'E12345678901', 'kycIdNumberFormat'],
  ] as const)('%s %s → %s', (doc, raw, want) => {
    expect(idNumberProblem(doc, normalizeIdNumber(raw))).toBe(want);
  });

  it.each([
    ['Li Lei', null],
    ['  Siti   Nurhaliza ', null],
    ['Nguyễn Văn A', null],
    ['李雷', null],
    ["O'Brien-Smith Jr.", null],
    ['L', 'kycNameFormat'],
    ['Li <b>', 'kycNameFormat'],
    ['Li Lei 2', 'kycNameFormat'],
    ['', 'required'],
  ] as const)('name %j → %s', (raw, want) => {
    expect(kycNameProblem(normalizeKycName(raw))).toBe(want);
  });

  it('masks numbers and accounts', () => {
    expect(maskIdNumber('E1234567')).toBe('E1****67');
    expect(maskIdNumber('123')).toBe('***');
    expect(maskAccount('13812345678')).toBe('138****5678');
    expect(maskAccount('alice@example.com')).toBe('al***@example.com');
  });
});
