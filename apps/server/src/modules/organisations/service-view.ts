import type { OpenService } from '@prsp/contracts';
import type { services } from '../../db/schema';
import type { OrganisationRow } from '../../platform/access/patient-access';

export type ServiceRow = typeof services.$inferSelect;

/** Self-assessment flags of a service: only while the organisation has the health-assessment connector on (spec §6). */
export function selfAssessmentOf(service: Pick<ServiceRow, 'selfAssessment'>, org: Pick<OrganisationRow, 'flags'>) {
  const on = org.flags.htaConnectorEnabled;
  return {
    mandatorySelfAssessment: on && service.selfAssessment === 'mandatory',
    optionalSelfAssessment: on && service.selfAssessment === 'optional',
  };
}

/** A service as the patient's service selection shows it (spec §3 'Services response'). */
export function toOpenService(service: ServiceRow, org: Pick<OrganisationRow, 'flags'>): OpenService {
  return {
    uuid: service.id,
    serviceName: service.name,
    serviceDescription: service.description,
    serviceImage: service.icon,
    chatQueueId: service.chatQueueId,
    ...selfAssessmentOf(service, org),
  };
}
