// What the nightly retention run (modules/retention) deletes of this module's data: survey responses, older than the
// organisation's data-saving periods. The rules of what is old are retention's; the rows are this module's.
export { deleteSurveyResponsesBefore } from './survey-retention.repo';
