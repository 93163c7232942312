/**
 * Where a chat component finds its texts: the patient area's catalogue (`chat.*` in patient.json) or the
 * expert area's (`expert.chat.*` in expert.json). Each area brings only its own catalogue, so the shared
 * components are told which one they speak from.
 */
export type ChatTextPrefix = 'chat' | 'expert.chat';
