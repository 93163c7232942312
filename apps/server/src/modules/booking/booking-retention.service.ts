// What the nightly retention run (modules/retention) deletes of this module's data: appointments, older than the
// organisation's data-saving periods. The rules of what is old are retention's; the rows are this module's.
export { deleteAppointmentsBefore } from './booking-retention.repo';
