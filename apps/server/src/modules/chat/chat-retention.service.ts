// What the nightly retention run (modules/retention) deletes of this module's data: finished chats and their files' rows, older than the
// organisation's data-saving periods. The rules of what is old are retention's; the rows are this module's.
export { deleteChatsBefore } from './chat-retention.repo';
