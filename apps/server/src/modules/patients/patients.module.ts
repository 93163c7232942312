import { defineModule } from '../../platform/app-module';
import { patientConfigRoutes } from './patient-config.routes';
import { patientsRoutes } from './patients.routes';

/** Patients: their config of the selected organisation, their status, contact details, location and organisation choice. */
export const patientsModule = defineModule('patients', async (app, { config, db, cipher }) => {
  await app.register(patientConfigRoutes, {
    db,
    cipher,
    connectorUrl: config.selfAssessment.connectorUrl ?? null,
    readModels: app.readModels,
  });
  await app.register(patientsRoutes, { db, cipher });
});
