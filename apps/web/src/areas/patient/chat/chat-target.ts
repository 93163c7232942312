import type { Localized, OpenService, PatientAppointment, RealmQueues, ServicesResponse } from '@prsp/contracts';

/**
 * What `/chat/:serviceId` opens (spec §2 'Chat'): an open service's queue (from service selection), an
 * appointment (its start button), or a chat-code service with the code the patient gave (`?code=`), which is
 * used only as the chat starts.
 */
export type ChatTarget =
  | { kind: 'service'; service: OpenService }
  | { kind: 'appointment'; appointment: PatientAppointment }
  | { kind: 'chatCode'; service: OpenService; code: string };

/** The target the route names, looked up in the patient's services; null when it is none of them (or no longer). */
export function resolveChatTarget(services: ServicesResponse, id: string, code: string | null): ChatTarget | null {
  if (code) {
    const service = services.chatCodeServices.find((s) => s.uuid === id);
    return service ? { kind: 'chatCode', service, code } : null;
  }
  const service = services.openServices.find((s) => s.uuid === id);
  if (service) return { kind: 'service', service };
  const appointment = services.appointments.find((a) => a.uuid === id);
  return appointment ? { kind: 'appointment', appointment } : null;
}

/**
 * The queue whose opening the initial stage checks: a service's. An appointment was booked for its time, so
 * the queue's hours do not stop it (and a group appointment has no queue at all).
 */
export function targetQueueId(target: ChatTarget): string | null {
  return target.kind === 'appointment' ? null : target.service.chatQueueId;
}

/** The name the page carries: the service's, or the appointment's. */
export function targetName(target: ChatTarget, lang: keyof Localized): string {
  return target.kind === 'appointment' ? target.appointment.name : target.service.serviceName[lang];
}

/**
 * Spec §4 'Chat page': the questionnaire stage comes when the service asks for a self-assessment (mandatory or
 * optional) and the organisation has the connector (spec §6 'Self-assessment is available only when the
 * connector is enabled').
 */
export function asksQuestionnaire(target: ChatTarget, connectorEnabled: boolean): boolean {
  if (target.kind === 'appointment' || !connectorEnabled) return false;
  return target.service.mandatorySelfAssessment || target.service.optionalSelfAssessment;
}

/** Spec §7: a queue the realm does not list counts as closed, as one whose `queue_attrs.closed` says so. */
export function isQueueClosed(realm: RealmQueues, queueId: string): boolean {
  return realm.realm_queues[queueId]?.queue_attrs.closed ?? true;
}
