// DEVELOPMENT ONLY: never part of `npm run build` (see console/worker/index.ts). Lets the console be
// looked at against a demo server before operator accounts exist: the "password" is the demo's
// shared operator token (data/operator-token), the name goes in `X-Operator` on every call, and the
// second factor is enrolled and checked here, in the worker, with otpauth. The console's own routes
// the demo server lacks (queue counts) are made from the area routes it has.
import * as OTPAuth from 'otpauth';
import {
  OPS_ROLES,
  ROLE_DUTIES,
  type OpsDuty,
  type OpsMe,
  type OpsQueueCounts,
} from '../../../domain/ops-api';
import type { SignInSteps } from '../api';
import type { OpsClient } from '../client';
import type { RouteName } from '../routes';

const ALL_DUTIES: OpsDuty[] = ['read', 'review', 'support', 'admin', 'sim', 'self'];

/** The demo's sign-in steps over `client`. */
export function demoSignIn(client: OpsClient): SignInSteps {
  /** Second factors enrolled in this worker, by operator name. */
  const secrets = new Map<string, OTPAuth.TOTP>();
  const tickets = new Map<string, { name: string; token: string; totp: OTPAuth.TOTP }>();
  const totpFor = (name: string, secret?: OTPAuth.Secret) =>
    new OTPAuth.TOTP({ issuer: 'Exchange ops (demo)', label: name, secret: secret ?? new OTPAuth.Secret() });

  const count = async (name: 'kyc' | 'bank-deposits' | 'withdrawals'): Promise<number> => {
    const r = await client.call(name, { status: 'review', limit: 200 });
    return r.ok ? r.data.length : 0;
  };

  return {
    async login(name, password) {
      client.setToken(password);
      client.setExtraHeaders({ 'x-operator': name });
      const probe = await client.call('routes', {});
      client.setToken(null);
      if (!probe.ok) return { ok: false, problem: 'message', message: 'demo: wrong shared token' };
      const ticket = crypto.randomUUID();
      const known = secrets.get(name);
      const totp = known ?? totpFor(name);
      tickets.set(ticket, { name, token: password, totp });
      if (known) return { ok: true, data: { step: 'totp', ticket } };
      return {
        ok: true,
        data: { step: 'enrol', ticket, otpauthUri: totp.toString(), secret: totp.secret.base32 },
      };
    },
    async totp(ticket, code) {
      const t = tickets.get(ticket);
      if (!t || t.totp.validate({ token: code, window: 1 }) === null) {
        return { ok: false, problem: 'message', messageKey: 'codeWrong', field: 'code' };
      }
      tickets.delete(ticket);
      secrets.set(t.name, t.totp);
      client.setToken(t.token);
      const role = OPS_ROLES.includes(t.name as never) ? (t.name as OpsMe['role']) : 'admin';
      // An operator named after a role gets that role's duties (to look at the navigation each
      // sees); any other name sees everything the shared token may do.
      const duties = OPS_ROLES.includes(t.name as never) ? [...ROLE_DUTIES[role]] : ALL_DUTIES;
      const me: OpsMe = { id: 0, name: t.name, role, duties };
      return { ok: true, data: { me, expiresAt: Date.now() + 12 * 3600_000 } };
    },
    answer(name: RouteName) {
      if (name !== 'queues') return undefined;
      return (async () => {
        const [kyc, bankDeposits, withdrawals] = await Promise.all([
          count('kyc'),
          count('bank-deposits'),
          count('withdrawals'),
        ]);
        const counts: OpsQueueCounts = {
          kyc,
          bankDeposits,
          withdrawals,
          merchantApplications: 0,
          appeals: 0,
          listings: 0,
          inboxUnread: 0,
        };
        return { ok: true, data: counts };
      })();
    },
  };
}
