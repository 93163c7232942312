// What the nightly retention run (modules/retention) deletes of this module's data: staff audit rows, older than the
// organisation's data-saving periods. The rules of what is old are retention's; the rows are this module's.
export { deleteStaffAuditBefore } from './audit-retention.repo';
