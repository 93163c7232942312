import { defineModule } from '../../platform/app-module';
import { chatInviteRoutes } from './chat-invite.routes';
import { createQueue } from './chat-queues.service';
import { chatRoutes } from './chat.routes';
import { expertChatRoutes } from './expert-chat.routes';
import { feedbackResultsRoutes } from './feedback-results.routes';
import { quickRepliesRoutes } from './quick-replies.routes';
import { queueBoardRoutes } from './queue-board.routes';
import { boardNotifier, registerBoardSocket } from './queue-board.socket';
import { videoChannelHooks } from './video-hooks';
import { createVideoProvider } from './video-provider';
import { videoRoutes } from './video.routes';
import { visitNotesRoutes } from './visit-notes.routes';

/** Chat (the remote reception): queues, chat and video calls, their socket events, and feedback (docs/chat.md, docs/video.md). */
export const chatModule = defineModule('chat', async (app, { config, db, cipher, files, events }) => {
  await app.register(feedbackResultsRoutes, { db });
  await app.register(quickRepliesRoutes, { db });
  // Video: the media path the configuration chose, and what a channel's life means for its call.
  const video = createVideoProvider(config.video, { db, cipher, log: app.log });
  // The live queue board hears every move of a queue's line from the chat's own events, after commit.
  const board = boardNotifier({ io: app.realtime, db, log: app.log });
  const hooks = { ...videoChannelHooks({ io: app.realtime, db, provider: video, log: app.log }), queueChanged: board.queueChanged };
  await app.register(queueBoardRoutes, { db });
  registerBoardSocket(app, db);
  await app.register(chatRoutes, { db, cipher, emit: events.emit, files, fileLinkSecret: config.dataKey, hooks });
  await app.register(expertChatRoutes, { db, cipher, emit: events.emit, hooks });
  await app.register(visitNotesRoutes, { db, cipher, files });
  await app.register(videoRoutes, { db, provider: video, ice: config.video });
  await app.register(chatInviteRoutes, { db, cipher, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
  // The queues a service or an expert names are made in their writer's transaction, under the id they chose.
  events.inTransaction('service.saved', 'chat queues', async (tx, e) => {
    if (e.newQueue) await createQueue(tx, { ...e.newQueue, organisationId: e.organisationId });
  });
  events.inTransaction('expert.chatEnabled', 'chat queues', (tx, e) =>
    createQueue(tx, { ...e.personalQueue, organisationId: e.organisationId, expertId: e.expertId }),
  );
});
