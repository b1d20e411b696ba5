import type { OpsRole } from '../../domain';
import type { Config } from '../config';
import { AppError, fail, idField, notFound, requiredStr, str } from '../http';
import type { OpsAuth } from './auth-service';
import { newPersonalToken, digestOf } from './credentials';
import { roleOf, type AdminActor, type OperatorAdmin } from './operator-admin';
import type { OpsCaller, OpsContext, OpsLimit, OpsRegistry } from './ops-registry';
import type { OpsJournal } from './ops-journal';
import type { Engine } from '../db';

/** The account behind a route of duty `self` or `admin`; the demo token has none. */
function account(ctx: OpsContext): OpsCaller & { operatorId: number } {
  const c = ctx.caller;
  if (!c || c.operatorId === null) throw new AppError('message', 'opsForbidden', undefined, 403);
  return c as OpsCaller & { operatorId: number };
}

/** The admin acting: an account, or the demo operator (no id) in demo mode. */
function actor(ctx: OpsContext): AdminActor {
  return { name: ctx.operator, operatorId: ctx.caller?.operatorId ?? null };
}

const reasonOf = (ctx: OpsContext) => requiredStr(ctx.input, 'reason').trim().slice(0, 500);

/** Most personal tokens an operator keeps live at once is not limited; labels are short texts. */
const LABEL_MAX = 80;

/**
 * The console's own routes: sign-in (`auth/*`, rate-limited per name and per IP), personal API tokens
 * (`tokens*`) and operator administration (`operators*`), per `OPS_CONSOLE_ROUTES`.
 */
export function registerAuthRoutes(
  ops: OpsRegistry,
  deps: { auth: OpsAuth; admin: OperatorAdmin; journal: OpsJournal; engine: Engine; config: Config },
): void {
  const { auth, admin, journal, engine } = deps;
  const limits = deps.config.rateLimits;
  const perIp: OpsLimit = { max: limits.loginPerIp, windowMs: limits.loginWindowMs, key: (c) => c.ip };
  const perName = (name: (c: OpsContext) => string): OpsLimit => ({
    max: limits.loginPerAccount,
    windowMs: limits.loginWindowMs,
    key: (c) => name(c),
  });
  const ticketName = (c: OpsContext) => auth.tickets.peek(str(c.input, 'ticket'))?.name ?? '?';

  ops.add(
    'POST',
    'auth/login',
    'public',
    ({ input }) => auth.login(requiredStr(input, 'name'), requiredStr(input, 'password')),
    [perName((c) => str(c.input, 'name').trim().toLowerCase().slice(0, 40)), perIp],
  );
  ops.add(
    'POST',
    'auth/totp',
    'public',
    ({ input }) => auth.totp(requiredStr(input, 'ticket'), requiredStr(input, 'code')),
    [perName(ticketName), perIp],
  );
  ops.add('POST', 'auth/logout', 'self', async (ctx) => {
    await auth.logout(account(ctx));
    return {};
  });
  ops.add('GET', 'auth/me', 'self', (ctx) => auth.me(ctx.caller!));
  ops.add('POST', 'auth/password', 'self', async (ctx) => {
    await auth.changePassword(
      account(ctx),
      requiredStr(ctx.input, 'current'),
      requiredStr(ctx.input, 'next'),
    );
    return {};
  });

  ops.add('GET', 'tokens', 'self', (ctx) => auth.credentials.tokensOf(account(ctx).operatorId));
  ops.add('POST', 'tokens/create', 'self', async (ctx) => {
    const me = account(ctx);
    const label = requiredStr(ctx.input, 'label').trim();
    if (label.length > LABEL_MAX) throw fail('textTooLong', 'label');
    const token = newPersonalToken();
    return await engine.writer.run(async () => {
      const at = Date.now();
      const id = await auth.credentials.createToken(me.operatorId, label, digestOf(token), at);
      await journal.record({
        operator: me.name,
        action: 'token.create',
        targetType: 'ops_tokens',
        targetId: String(id),
        detail: { label },
      });
      return { id, label, createdAt: at, lastUsedAt: null, revokedAt: null, token };
    });
  });
  ops.add('POST', 'tokens/revoke', 'self', async (ctx) => {
    const me = account(ctx);
    const id = idField(ctx.input, 'id');
    return await engine.writer.run(async () => {
      const info = await auth.credentials.revokeToken(id, me.operatorId, Date.now());
      if (!info) throw notFound();
      await journal.record({
        operator: me.name,
        action: 'token.revoke',
        targetType: 'ops_tokens',
        targetId: String(id),
        detail: { label: info.label },
      });
      auth.announceAfterCommit(me.operatorId);
      return info;
    });
  });

  ops.add('GET', 'operators', 'admin', () => admin.list());
  ops.add('POST', 'operators/create', 'admin', (ctx) =>
    admin.create(
      actor(ctx),
      requiredStr(ctx.input, 'name').trim().toLowerCase(),
      roleOf(str(ctx.input, 'role')),
      requiredStr(ctx.input, 'password'),
      str(ctx.input, 'reason').trim().slice(0, 500),
    ),
  );
  ops.add('POST', 'operators/role', 'admin', (ctx) =>
    admin.setRole(
      actor(ctx),
      idField(ctx.input, 'id'),
      roleOf(str(ctx.input, 'role')) as OpsRole,
      reasonOf(ctx),
    ),
  );
  ops.add('POST', 'operators/disable', 'admin', (ctx) =>
    admin.disable(actor(ctx), idField(ctx.input, 'id'), reasonOf(ctx)),
  );
  ops.add('POST', 'operators/enable', 'admin', (ctx) =>
    admin.enable(actor(ctx), idField(ctx.input, 'id'), reasonOf(ctx)),
  );
  ops.add('POST', 'operators/reset-totp', 'admin', (ctx) =>
    admin.resetTotp(actor(ctx), idField(ctx.input, 'id'), reasonOf(ctx)),
  );
}
