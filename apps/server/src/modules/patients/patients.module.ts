import { defineModule } from '../../platform/app-module';
import { patientConfigRoutes } from './patient-config.routes';
import { patientsRoutes } from './patients.routes';
import { knownPatientsRoutes } from './known-patients.routes';

/**
 * Patients: their config of the selected organisation, their status, contact details, location and organisation choice;
 * the staff forms' lookup of a patient by identity code.
 */
export const patientsModule = defineModule('patients', async (app, { config, db, cipher }) => {
  await app.register(patientConfigRoutes, {
    db,
    cipher,
    connectorUrl: config.selfAssessment.connectorUrl ?? null,
    readModels: app.readModels,
  });
  await app.register(patientsRoutes, { db, cipher });
  await app.register(knownPatientsRoutes, { db, cipher });
});
