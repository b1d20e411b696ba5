import { channels, type DecisionSubject, type PrivateEvent } from '../../domain';
import type { ChannelHub } from './channels';

/** Tells a user's open pages that an operator decided one of their records (`id`, now in `state`). */
export type DecisionPush = (userId: number, subject: DecisionSubject, id: number, state: string) => void;

/**
 * The `decision` event on the user's private channel, sent after the decision committed: every
 * operator review that changes what a user sees (bank deposits, withdrawals, merchant applications,
 * appeals, freezes, listings) uses this one, so the page updates without a reload, as identity
 * verification does with its own `kyc` event.
 */
export function decisionPusher(hub: ChannelHub): DecisionPush {
  return (userId, subject, id, state) => {
    if (!hub.hasSubscribers(channels.private)) return;
    const event: PrivateEvent = { type: 'decision', subject, id, state };
    hub.publishToUser(userId, channels.private, event);
  };
}
