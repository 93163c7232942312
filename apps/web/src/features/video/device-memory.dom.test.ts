import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkPassed,
  DEVICE_CHECK_KEY,
  DEVICE_CHOICE_KEY,
  loadDeviceCheck,
  loadDeviceChoice,
  pickDevice,
  saveDeviceCheck,
  saveDeviceChoice,
  type DeviceCheckResult,
} from './device-memory';

beforeEach(() => localStorage.clear());

describe('device choice', () => {
  it('remembers the chosen device per kind under the prsp prefix', () => {
    saveDeviceChoice('videoinput', 'cam-2');
    saveDeviceChoice('audioinput', 'mic-1');
    expect(DEVICE_CHOICE_KEY.startsWith('prsp')).toBe(true);
    expect(loadDeviceChoice()).toEqual({ videoinput: 'cam-2', audioinput: 'mic-1' });
  });
  it('ignores a damaged store', () => {
    localStorage.setItem(DEVICE_CHOICE_KEY, '{not json');
    expect(loadDeviceChoice()).toEqual({});
    localStorage.setItem(DEVICE_CHOICE_KEY, JSON.stringify({ videoinput: 3 }));
    expect(loadDeviceChoice()).toEqual({});
  });
  it('picks the remembered device while it is connected, else the first', () => {
    const devices = [
      { kind: 'videoinput', deviceId: 'cam-1' },
      { kind: 'videoinput', deviceId: 'cam-2' },
      { kind: 'audioinput', deviceId: 'mic-1' },
    ];
    expect(pickDevice(devices, 'videoinput', { videoinput: 'cam-2' })).toBe('cam-2');
    expect(pickDevice(devices, 'videoinput', { videoinput: 'gone' })).toBe('cam-1');
    expect(pickDevice(devices, 'audiooutput', {})).toBeNull();
    // Before permission the browser lists devices with empty ids: nothing to choose from yet.
    expect(pickDevice([{ kind: 'videoinput', deviceId: '' }], 'videoinput', {})).toBeNull();
  });
});

describe('device check result', () => {
  const result: DeviceCheckResult = { camera: 'ok', microphone: 'ok', speaker: true, network: 'works', at: '2026-11-23T10:00:00.000Z' };
  it('is remembered with its date', () => {
    expect(loadDeviceCheck()).toBeNull();
    saveDeviceCheck(result);
    expect(DEVICE_CHECK_KEY.startsWith('prsp')).toBe(true);
    expect(loadDeviceCheck()).toEqual(result);
  });
  it('passes only with camera, microphone and a network that works', () => {
    expect(checkPassed(result)).toBe(true);
    expect(checkPassed({ ...result, network: 'relayOnly' })).toBe(true);
    expect(checkPassed({ ...result, network: 'blocked' })).toBe(false);
    expect(checkPassed({ ...result, camera: 'denied' })).toBe(false);
    expect(checkPassed(null)).toBe(false);
  });
});
