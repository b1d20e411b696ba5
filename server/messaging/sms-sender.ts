import type { AccountKind, CodeScene } from '../../domain';
import type { CodeMessage, MessageSender } from './sender';

/**
 * An SMS gateway. Production needs one: there is no built-in SMS delivery, so an operator either
 * sets SMS_WEBHOOK_URL (WebhookSmsProvider) or passes a provider to `startServer`.
 */
export interface SmsProvider {
  /** Sends `text` to the mobile number `to`; rejects when the gateway did not accept it. */
  sendSms(to: string, text: string): Promise<void>;
  close?(): void | Promise<void>;
}

/** Settings of the webhook SMS provider. */
export interface WebhookSmsOptions {
  /** HTTPS (or HTTP on a private network) endpoint that accepts `POST {"to", "text"}` (SMS_WEBHOOK_URL). */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set (SMS_WEBHOOK_TOKEN). */
  token?: string | undefined;
  /** Milliseconds before the gateway counts as failed. */
  timeoutMs?: number;
}

/**
 * The one built-in SMS provider: posts each message as JSON to a gateway of the operator's (most SMS
 * services, or a small relay in front of one, accept this). Any 2xx answer means accepted.
 */
export class WebhookSmsProvider implements SmsProvider {
  constructor(private readonly opts: WebhookSmsOptions) {}

  async sendSms(to: string, text: string): Promise<void> {
    const res = await fetch(this.opts.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.opts.token && { authorization: `Bearer ${this.opts.token}` }),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
    });
    // The body is drained so the connection can be reused; its content means nothing to us.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}

/** Delivers codes to mobile accounts through an SmsProvider. */
export class SmsSender implements MessageSender {
  readonly simulated = false;
  constructor(private readonly provider: SmsProvider) {}

  async send(to: string, channel: AccountKind, _scene: CodeScene, message: CodeMessage): Promise<void> {
    if (channel !== 'mobile') throw new Error(`SmsSender cannot deliver to a ${channel} account`);
    await this.provider.sendSms(to, message.body);
  }

  async close(): Promise<void> {
    await this.provider.close?.();
  }
}
