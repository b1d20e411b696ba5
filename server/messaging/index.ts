import type { FastifyBaseLogger } from 'fastify';
import type { AccountKind, CodeScene } from '../../domain';
import { ConfigError, type Config } from '../config';
import type { Engine } from '../db';
import type { CodeMessage, MessageSender } from './sender';
import { SmsSender, WebhookSmsProvider, type SmsProvider } from './sms-sender';
import { SmtpSender } from './smtp-sender';

export { SmsSender, WebhookSmsProvider, type SmsProvider } from './sms-sender';
export { SmtpSender } from './smtp-sender';
export type { CodeMessage, MessageSender } from './sender';

/** Sends each message through the sender of its channel (e-mail or mobile). */
export class ChannelSender implements MessageSender {
  /** True when either channel only writes to the outbox: the app then offers the outbox link. */
  readonly simulated: boolean;

  constructor(private readonly senders: Record<AccountKind, MessageSender>) {
    this.simulated = senders.email.simulated || senders.mobile.simulated;
  }

  send(
    to: string,
    channel: AccountKind,
    scene: CodeScene,
    message: CodeMessage,
    code: string,
  ): Promise<void> {
    return this.senders[channel].send(to, channel, scene, message, code);
  }

  async close(): Promise<void> {
    const all = new Set([this.senders.email, this.senders.mobile]);
    for (const s of all) await s.close?.();
  }
}

/** What `createMessageSender` builds the senders from. */
export interface SenderDeps {
  config: Config;
  /** The database the simulated outbox writes to (a writer command per message). */
  engine: Engine;
  log: FastifyBaseLogger;
  /** An SMS gateway supplied in code; wins over SMS_WEBHOOK_URL. */
  smsProvider?: SmsProvider | undefined;
  /**
   * Builds the simulated sender (server/sim's outbox) for demo mode; the composition root (app.ts)
   * passes it, so this production module never imports the simulators.
   */
  simulated(engine: Engine, log: FastifyBaseLogger): MessageSender;
}

/**
 * The message senders of this run. E-mail goes over SMTP when SMTP_URL is set; SMS through the
 * given provider or SMS_WEBHOOK_URL. Without them demo mode writes to the simulated outbox, and
 * production refuses to start: it never stores a plain code, and a code that is never delivered
 * would lock users out.
 */
export function createMessageSender(deps: SenderDeps): MessageSender {
  const { config, engine, log } = deps;
  const production = config.mode === 'production';
  let outbox: MessageSender | undefined;
  const simulated = (what: string): MessageSender => {
    if (production) throw new ConfigError(`${what} in production: codes must really be delivered`);
    return (outbox ??= deps.simulated(engine, log));
  };

  let email: MessageSender;
  if (config.smtpUrl) {
    if (!config.mailFrom) throw new ConfigError('MAIL_FROM is required with SMTP_URL');
    // The subject comes with each message, in the language of the request (mine:outbox.subject).
    email = new SmtpSender({ url: config.smtpUrl, from: config.mailFrom });
  } else {
    email = simulated('SMTP_URL and MAIL_FROM are required');
  }

  const provider =
    deps.smsProvider ??
    (config.smsWebhookUrl
      ? new WebhookSmsProvider({ url: config.smsWebhookUrl, token: config.smsWebhookToken })
      : undefined);
  const mobile = provider
    ? new SmsSender(provider)
    : simulated('an SMS provider (SMS_WEBHOOK_URL) is required');
  return new ChannelSender({ email, mobile });
}
