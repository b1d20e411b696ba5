import type { AccountKind, CodeScene } from '../../domain';

/** A verification message, written in the language of the request that asked for the code. */
export interface CodeMessage {
  /** Subject line; only e-mail has one. */
  subject: string;
  /** The text, which contains the code. */
  body: string;
}

/** Delivers verification messages by SMS or e-mail. */
export interface MessageSender {
  /** True when messages are not really delivered (the embedded outbox); shown by `settings`. */
  readonly simulated: boolean;
  /** Delivers `message` (whose body contains `code`) to `to`; rejects when delivery failed. */
  send(to: string, channel: AccountKind, scene: CodeScene, message: CodeMessage, code: string): Promise<void>;
  /** Releases connections (SMTP pool, gateways) at shutdown. */
  close?(): void | Promise<void>;
}
