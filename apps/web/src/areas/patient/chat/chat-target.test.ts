import { describe, expect, it } from 'vitest';
import type { OpenService, PatientAppointment, ServicesResponse } from '@prsp/contracts';
import { asksQuestionnaire, isQueueClosed, resolveChatTarget, targetName, targetQueueId } from './chat-target';

const name = { fi: 'Hoitaja', se: 'Skötare', en: 'Nurse' };
const service = (uuid: string, over: Partial<OpenService> = {}): OpenService => ({
  uuid,
  serviceName: name,
  serviceDescription: name,
  serviceImage: 'nurse',
  chatQueueId: `q-${uuid}`,
  mandatorySelfAssessment: false,
  optionalSelfAssessment: false,
  ...over,
});
const appointment: PatientAppointment = {
  uuid: 'a1',
  name: 'Ryhmä',
  startTime: 0,
  duration: 30,
  type: 'group',
  kind: 'group',
  queueId: null,
  audienceId: null,
  surveys: [],
  preQuestionnaire: null,
};
const services: ServicesResponse = { appointments: [appointment], openServices: [service('s1')], chatCodeServices: [service('c1')] };

describe('resolveChatTarget', () => {
  it('finds an open service, an appointment, or a chat-code service with its code', () => {
    expect(resolveChatTarget(services, 's1', null)).toMatchObject({ kind: 'service', service: { uuid: 's1' } });
    expect(resolveChatTarget(services, 'a1', null)).toMatchObject({ kind: 'appointment', appointment: { uuid: 'a1' } });
    expect(resolveChatTarget(services, 'c1', 'PHYSIO2026')).toMatchObject({ kind: 'chatCode', code: 'PHYSIO2026' });
  });

  it('opens a chat-code service only with a code, and nothing it does not know', () => {
    expect(resolveChatTarget(services, 'c1', null)).toBeNull();
    expect(resolveChatTarget(services, 's1', 'CODE')).toBeNull();
    expect(resolveChatTarget(services, 'nope', null)).toBeNull();
  });
});

describe('the initial stage', () => {
  it('checks the queue of a service and of a chat code, never of an appointment', () => {
    expect(targetQueueId({ kind: 'service', service: service('s1') })).toBe('q-s1');
    expect(targetQueueId({ kind: 'chatCode', service: service('c1'), code: 'X' })).toBe('q-c1');
    expect(targetQueueId({ kind: 'appointment', appointment })).toBeNull();
  });

  it('counts a queue closed when the realm says so or does not list it', () => {
    const realm = {
      realm_queues: {
        open: { queue_attrs: { name: 'o', closed: false, length: 2 } },
        shut: { queue_attrs: { name: 's', closed: true, length: 0 } },
      },
    };
    expect(isQueueClosed(realm, 'open')).toBe(false);
    expect(isQueueClosed(realm, 'shut')).toBe(true);
    expect(isQueueClosed(realm, 'other')).toBe(true);
  });

  it('names the page after the service in the language, or the appointment', () => {
    expect(targetName({ kind: 'service', service: service('s1') }, 'se')).toBe('Skötare');
    expect(targetName({ kind: 'appointment', appointment }, 'en')).toBe('Ryhmä');
  });
});

describe('asksQuestionnaire (spec §4, §6)', () => {
  it('asks when the service wants a self-assessment and the connector is on', () => {
    const optional = { kind: 'service' as const, service: service('s', { optionalSelfAssessment: true }) };
    const mandatory = { kind: 'chatCode' as const, service: service('s', { mandatorySelfAssessment: true }), code: 'X' };
    expect(asksQuestionnaire(optional, true)).toBe(true);
    expect(asksQuestionnaire(mandatory, true)).toBe(true);
    expect(asksQuestionnaire(optional, false)).toBe(false);
    expect(asksQuestionnaire({ kind: 'service', service: service('s') }, true)).toBe(false);
    expect(asksQuestionnaire({ kind: 'appointment', appointment }, true)).toBe(false);
  });
});
