import { afterAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../domain/legal';
import { dataOf } from '../support/assets';
import { verifyIdentity } from '../support/identity';
import { as, person, startLegalServer, type LegalServer } from '../support/legal';

let server: LegalServer | null = null;
afterAll(() => server?.close());

describe('real name of a payment method', () => {
  it('must match the verified identity once KYC is verified (names from the identity area)', async () => {
    server = await startLegalServer();
    const u = await person(server.origin);
    const bank = { kind: 'bank', bank: 'Bank of Tests', cardNumber: '6222020000001234' };
    await verifyIdentity(server.origin, u.token, 'Li Lei');
    const refused = await as(server.origin, u, 'legal/methodSave', { ...bank, realName: 'Han Mei' });
    expect(refused.body).toMatchObject({ key: 'legalRealNameMismatch', field: 'realName' });
    const saved = dataOf<PaymentMethod>(
      await as(server.origin, u, 'legal/methodSave', { ...bank, realName: ' li  LEI ' }),
    );
    expect(saved.realName).toBe('li LEI');
  });
});
