import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import { followNetwork, useSocketConnected, type AppSocket } from './socket';

/** A socket that says it is connected: the browser's network events are what the tests change. */
function fakeSocket() {
  const socket = {
    connected: true,
    on: vi.fn(),
    off: vi.fn(),
    io: { engine: { close: vi.fn() } },
    disconnect: vi.fn(() => socket),
    connect: vi.fn(() => socket),
  };
  return socket;
}

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => vi.restoreAllMocks());

function Status({ socket }: { socket: AppSocket }) {
  return <p>{useSocketConnected(socket) ? 'connected' : 'reconnecting'}</p>;
}

it('says the connection is down the moment the browser goes offline, not when the heartbeat misses', async () => {
  const host = await mount(<Status socket={fakeSocket() as unknown as AppSocket} />);
  expect(host.textContent).toBe('connected');
  await act(async () => goOffline(true));
  expect(host.textContent).toBe('reconnecting');
  await act(async () => goOffline(false));
  expect(host.textContent).toBe('connected');
});

it('closes the transport when offline and reconnects at once when online again', () => {
  const socket = fakeSocket();
  const unfollow = followNetwork(socket as unknown as AppSocket);
  goOffline(true);
  expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
  socket.connected = false;
  goOffline(false);
  expect(socket.disconnect).toHaveBeenCalledTimes(1);
  expect(socket.connect).toHaveBeenCalledTimes(1);
  unfollow();
  goOffline(true);
  expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
});
