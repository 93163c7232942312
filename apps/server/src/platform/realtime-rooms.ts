/** The socket room of a channel's video call: the video socket joins it, the metrics count the sockets in it. */
export const videoRoom = (channelId: string) => `video:${channelId}`;
