import { KEFU_CHANNEL, type KefuEvent } from '../../domain/kefu-types';
import type { Publisher } from '../http';
import type { OpsEvents } from '../ops';

/**
 * Tells a chat event, after the command that made it committed, to both sides: the user's devices
 * on the private `kefu` channel and the operators' consoles (`kefu.message`, `kefu.receipt`). A user
 * message written or an operator reading moves the inbox's unread count, so the queues are recounted.
 */
export function chatPusher(hub: Publisher, events: OpsEvents | undefined) {
  return (userId: number, event: KefuEvent): void => {
    hub.publishToUser(userId, KEFU_CHANNEL, event);
    if (!events) return;
    if (event.type === 'message') events.publish({ type: 'kefu.message', userId, message: event.message });
    else {
      const { sender, upTo, state, at } = event;
      events.publish({ type: 'kefu.receipt', userId, sender, upTo, state, at });
    }
    const userWrote = event.type === 'message' && event.message.sender === 'user';
    const operatorRead = event.type === 'receipt' && event.sender === 'user' && event.state === 'read';
    if (userWrote || operatorRead) events.queuesMoved();
  };
}
