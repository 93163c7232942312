import { defineModule } from '../../platform/app-module';
import { registerSurveysAfterJob } from './survey-after.job';
import { surveyAdminRoutes } from './survey-admin.routes';
import { surveyExpertRoutes } from './survey-expert.routes';
import { surveyFrameRoutes } from './survey-frame.routes';
import {
  createResponsesForAppointment,
  createResponsesForChat,
  surveysOnBooking,
  surveysOnCancel,
  surveysOnChange,
} from './survey-responses.service';
import { surveysRoutes } from './surveys.routes';

/** Surveys and questionnaires: templates, what patients answer, what experts read (docs/surveys.md). */
export const surveysModule = defineModule('surveys', async (app, { config, db, cipher, names, events }) => {
  await app.register(surveysRoutes, { db });
  await app.register(surveyFrameRoutes, { db, emit: events.emit, names, production: config.production, publicUrl: config.publicUrl });
  await app.register(surveyAdminRoutes, { db });
  await app.register(surveyExpertRoutes, {
    db,
    cipher,
    publicUrl: config.publicUrl,
    sender: config.mail.sender,
    production: config.production,
  });
  registerSurveysAfterJob(app.jobs, db);
  // In the booking's transaction: its answer already lists the `before` surveys; a new end time gets its own end job.
  events.inTransaction('booking.created', 'surveys', (tx, e) => surveysOnBooking(tx, e.appointmentId));
  // A new time, new people or another service may want surveys; a change of state alone (cancelled, held, a
  // no-show) never does: a visit that took place or will not is not asked about beforehand.
  events.inTransaction('booking.updated', 'surveys', async (tx, e, meta) => {
    if (e.changes.some((c) => c !== 'state')) await surveysOnChange(tx, e.appointmentId, meta.occurredAt);
  });
  events.inTransaction('booking.cancelled', 'surveys', (tx, e, meta) => surveysOnCancel(tx, e.appointmentId, meta.occurredAt));
  // An appointment's chat or video ended by its expert: its `after` surveys go now, not at the booked end.
  // A walk-in chat (no appointment) that was taken: its service's `after` surveys go when it ends, whoever ended it.
  events.inTransaction('chat.ended', 'surveys', async (tx, e) => {
    if (e.endedBy === 'expert' && e.appointmentId) await createResponsesForAppointment(tx, e.appointmentId, 'after');
    if (!e.appointmentId && e.started) await createResponsesForChat(tx, e.channelId);
  });
});
