/** Acknowledgement of a client event: the stored message, or the error catalogue's code. */
export type SocketAck<T = unknown> = { ok: true; data: T } | { ok: false; statusCode: number; errorKey: string };
