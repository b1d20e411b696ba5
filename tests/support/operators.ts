import type { OpsLoginStep, OpsRole, OpsSession } from '../../domain';
import { totpCode } from '../../server/ops/totp';
import { opsCall, opsData } from './deposits';

/** A signed-in operator of a test: their console token and TOTP secret. */
export interface TestOperator {
  id: number;
  name: string;
  role: OpsRole;
  password: string;
  secret: string;
  token: string;
}

/** A password long enough for operator accounts. */
export const OPS_TEST_PASSWORD = 'correct horse battery';

/**
 * A code of `secret` for the TOTP step `offset` steps (30 s each) from `base` (now by default). A
 * test that sends several codes takes one `base`, so a step boundary between two calls cannot turn
 * "the same step" into the next one.
 */
export function codeAt(secret: string, offset = 0, base = Date.now()): string {
  return totpCode(secret, base + offset * 30_000);
}

/** Calls an ops route with a console session or personal token (no `X-Operator`). */
export function asOperator(
  origin: string,
  token: string,
  route: string,
  fields: Record<string, string | number> = {},
  method: 'GET' | 'POST' = 'POST',
) {
  return opsCall(origin, route, fields, { method, token, operator: null });
}

/** The password step, then enrolment with the offered secret; resolves to the session and secret. */
export async function enrol(
  origin: string,
  name: string,
  password = OPS_TEST_PASSWORD,
): Promise<{ session: OpsSession; secret: string }> {
  const step = opsData<OpsLoginStep>(
    await opsCall(origin, 'auth/login', { name, password }, { token: null, operator: null }),
  );
  if (step.step !== 'enrol') throw new Error(`expected enrolment, got ${step.step}`);
  const session = opsData<OpsSession>(
    await opsCall(
      origin,
      'auth/totp',
      { ticket: step.ticket, code: codeAt(step.secret) },
      { token: null, operator: null },
    ),
  );
  return { session, secret: step.secret };
}

/**
 * Creates an operator with the demo token (demo servers) and signs them in with enrolment.
 * `byToken`: an admin's console or personal token instead of the demo token.
 */
export async function createOperator(
  origin: string,
  name: string,
  role: OpsRole,
  byToken?: string,
): Promise<TestOperator> {
  const fields = { name, role, password: OPS_TEST_PASSWORD };
  const created = opsData<{ id: number }>(
    byToken
      ? await asOperator(origin, byToken, 'operators/create', fields)
      : await opsCall(origin, 'operators/create', fields),
  );
  const { session, secret } = await enrol(origin, name);
  return { id: created.id, name, role, password: OPS_TEST_PASSWORD, secret, token: session.token };
}
