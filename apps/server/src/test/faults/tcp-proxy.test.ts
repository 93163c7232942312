import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** An echo server on loopback that prefixes every answer with its name, so a test sees which target answered. */
async function echoServer(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => socket.write(`${name}:${chunk.toString()}`));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port };
}

async function dial(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Sends `text` and waits for the echo; answers it and how long the round trip took. */
async function roundTrip(socket: Socket, text: string): Promise<{ answer: string; ms: number }> {
  const started = performance.now();
  socket.write(text);
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return { answer: chunk.toString(), ms: performance.now() - started };
}

/** Resolves when the socket is closed, and whether it was closed with an error (a reset) or ended politely. */
const closed = (socket: Socket) => new Promise<boolean>((resolve) => socket.once('close', (hadError) => resolve(hadError)));

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function proxyTo(...ports: number[]): Promise<TcpProxy> {
  const proxy = await startTcpProxy(ports.map((port) => ({ port })));
  cleanup.push(() => proxy.close());
  return proxy;
}

async function echo(name: string) {
  const e = await echoServer(name);
  cleanup.push(() => new Promise<void>((resolve) => e.server.close(() => resolve())));
  return e;
}

describe('the fault tests’ TCP proxy', () => {
  test('forwards both ways and counts open connections', async () => {
    const target = await echo('a');
    const proxy = await proxyTo(target.port);
    const socket = await dial(proxy.port);
    cleanup.push(() => void socket.destroy());
    expect((await roundTrip(socket, 'hei')).answer).toBe('a:hei');
    expect(proxy.open).toBe(1);
    socket.end();
    await closed(socket);
    await expect.poll(() => proxy.open).toBe(0);
  });

  test('cutAll resets every open connection at once; new ones still go through', async () => {
    const target = await echo('a');
    const proxy = await proxyTo(target.port);
    const sockets = await Promise.all([dial(proxy.port), dial(proxy.port), dial(proxy.port)]);
    for (const s of sockets) expect((await roundTrip(s, 'x')).answer).toBe('a:x');
    const allClosed = Promise.all(sockets.map(closed));
    proxy.cutAll();
    expect(await allClosed).toEqual([true, true, true]);
    expect(proxy.open).toBe(0);
    const again = await dial(proxy.port);
    cleanup.push(() => void again.destroy());
    expect((await roundTrip(again, 'y')).answer).toBe('a:y');
  });

  test('refuse drops new connections and leaves open ones alone, until it is switched off', async () => {
    const target = await echo('a');
    const proxy = await proxyTo(target.port);
    const before = await dial(proxy.port);
    cleanup.push(() => void before.destroy());
    proxy.refuse(true);
    const refused = connect({ host: '127.0.0.1', port: proxy.port });
    refused.on('error', () => undefined);
    await closed(refused);
    expect((await roundTrip(before, 'still')).answer).toBe('a:still');
    proxy.refuse(false);
    const after = await dial(proxy.port);
    cleanup.push(() => void after.destroy());
    expect((await roundTrip(after, 'back')).answer).toBe('a:back');
  });

  test('delay holds each chunk back in both directions, in order', async () => {
    const target = await echo('a');
    const proxy = await proxyTo(target.port);
    const socket = await dial(proxy.port);
    cleanup.push(() => void socket.destroy());
    expect((await roundTrip(socket, 'q')).answer).toBe('a:q');
    proxy.delay(100);
    const slow = await roundTrip(socket, 's');
    expect(slow.answer).toBe('a:s');
    // 100 ms on the way there and 100 ms on the way back: a floor, which a loaded machine can only raise.
    expect(slow.ms).toBeGreaterThanOrEqual(195);
    proxy.delay(0);
  });

  test('with two targets, connections go to the first, and to the second when the first refuses', async () => {
    const first = await echo('a');
    const second = await echo('b');
    const proxy = await proxyTo(first.port, second.port);
    const toFirst = await dial(proxy.port);
    cleanup.push(() => void toFirst.destroy());
    expect((await roundTrip(toFirst, '1')).answer).toBe('a:1');
    toFirst.destroy();
    await new Promise<void>((resolve) => first.server.close(() => resolve()));
    const toSecond = await dial(proxy.port);
    cleanup.push(() => void toSecond.destroy());
    expect((await roundTrip(toSecond, '2')).answer).toBe('b:2');
  });

  test('a client is dropped when no target accepts', async () => {
    const target = await echo('a');
    const port = target.port;
    await new Promise<void>((resolve) => target.server.close(() => resolve()));
    const proxy = await proxyTo(port);
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    socket.on('error', () => undefined);
    await closed(socket);
    expect(proxy.open).toBe(0);
  });
});
