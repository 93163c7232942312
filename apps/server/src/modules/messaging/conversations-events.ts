import { rooms, type RealtimeServer } from '../../plugins/realtime';

/** Who hears about a conversation: its patient, and the staff users of the experts who may see it. */
export type Audience = { patientId: string; staffUserIds: readonly string[] };

/**
 * `messages:changed`, always after the change has committed. It carries only the conversation's id: clients refetch
 * over HTTP, through the access checks, so an event reaching a socket it should not reveals nothing.
 */
export function messagingEvents(io: RealtimeServer) {
  return {
    changed(conversationId: string, audience: Audience) {
      let target = io.to(rooms.user(audience.patientId));
      for (const userId of audience.staffUserIds) target = target.to(rooms.user(userId));
      target.emit('messages:changed', { conversationId });
    },
  };
}

export type MessagingEvents = ReturnType<typeof messagingEvents>;
