import { defineModule } from '../../platform/app-module';
import { adminBookingsRoutes } from './admin-bookings.routes';
import { adminCalendarRoutes } from './admin-calendar.routes';
import { bookingsBulkRoutes } from './bookings-bulk.routes';
import { registerHoldExpiry } from './booking-holds.job';
import { registerBookingReminders } from './booking-reminders';
import { markHeld } from './booking-visits.service';
import { expertLeaving } from './booking-updated';
import { expertBookingsRoutes } from './expert-bookings.routes';
import { patientBookingRoutes } from './patient-booking.routes';
import { patientRemindersRoutes } from './patient-reminders.routes';

/** Booking: open times, holds, appointments for patients, admins and experts, and their reminders (docs/notifications.md). */
export const bookingModule = defineModule('booking', async (app, { config, db, cipher, events }) => {
  await app.register(patientBookingRoutes, { db, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  await app.register(adminBookingsRoutes, { db, cipher, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  await app.register(adminCalendarRoutes, { db, cipher, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  await app.register(bookingsBulkRoutes, { db, cipher, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  await app.register(expertBookingsRoutes, { db, cipher, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  // An appointment's chat or video that an expert had taken has ended: the visit was held.
  events.inTransaction('chat.ended', 'booking', async (tx, e, meta) => {
    if (e.started && e.appointmentId) await markHeld(tx, events.emit, e.appointmentId, meta.occurredAt);
  });
  // An expert is being removed: each reserved appointment naming them loses a participant (booking.updated).
  events.inTransaction('expert.removing', 'booking', (tx, e, meta) => expertLeaving(tx, events.emit, e.expertId, meta.occurredAt));
  await app.register(patientRemindersRoutes, { db, smsEnabled: app.sms.gateway !== null });
  registerHoldExpiry(app.jobs, db);
  // Reminders by SMS only when a gateway (or the built-in sink) is there to send them.
  registerBookingReminders(app.jobs, { db, smsEnabled: app.sms.gateway !== null, publicUrl: config.publicUrl, sender: config.mail.sender });
});
