import nodemailer, { type Transporter } from 'nodemailer';
import type { AccountKind, CodeScene } from '../../domain';
import type { CodeMessage, MessageSender } from './sender';

/** Settings of the SMTP e-mail sender. */
export interface SmtpOptions {
  /**
   * Connection URL (SMTP_URL), such as `smtps://user:pass@mail.example.com:465` or
   * `smtp://user:pass@mail.example.com:587` (STARTTLS is used when the server offers it).
   */
  url: string;
  /** Sender address (MAIL_FROM), such as `Exchange <no-reply@example.com>`. */
  from: string;
  /** Milliseconds to wait for the connection, the greeting and each reply; a request waits on it. */
  timeoutMs?: number;
}

/**
 * Delivers e-mail through an SMTP server with nodemailer, over a small pool of connections so a
 * burst of codes does not open one connection each. A failed delivery rejects, and the request
 * that asked for the code fails instead of claiming the code went out.
 */
export class SmtpSender implements MessageSender {
  readonly simulated = false;
  readonly #transport: Transporter;

  constructor(private readonly opts: SmtpOptions) {
    const timeout = opts.timeoutMs ?? 15_000;
    this.#transport = nodemailer.createTransport({
      url: opts.url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(to: string, channel: AccountKind, _scene: CodeScene, message: CodeMessage): Promise<void> {
    if (channel !== 'email') throw new Error(`SmtpSender cannot deliver to a ${channel} account`);
    const { subject, body } = message;
    await this.#transport.sendMail({ from: this.opts.from, to, subject, text: body });
  }

  close(): void {
    this.#transport.close();
  }
}
