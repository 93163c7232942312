import { describe, expect, it } from 'vitest';
import { ZFeedbackRequest } from '@prsp/contracts';
import { deviceOf, feedbackRequest, pickScoreType, readFeedbackState } from './feedback-rules';

describe('pickScoreType', () => {
  it('maps the random number evenly onto nps, ces and care', () => {
    expect(pickScoreType(() => 0)).toBe('nps');
    expect(pickScoreType(() => 0.3333)).toBe('nps');
    expect(pickScoreType(() => 0.3334)).toBe('ces');
    expect(pickScoreType(() => 0.6666)).toBe('ces');
    expect(pickScoreType(() => 0.6667)).toBe('care');
    expect(pickScoreType(() => 0.999999)).toBe('care');
  });

  it('stays within the three even at the edges of the range', () => {
    expect(pickScoreType(() => 1)).toBe('care');
    expect(pickScoreType(() => -0.1)).toBe('nps');
  });

  it('picks each of the three with Math.random', () => {
    const seen = new Set(Array.from({ length: 300 }, () => pickScoreType()));
    expect([...seen].sort()).toEqual(['care', 'ces', 'nps']);
  });
});

describe('deviceOf', () => {
  it('counts narrower than 768 px as mobile', () => {
    expect(deviceOf(360)).toBe('mobile');
    expect(deviceOf(767)).toBe('mobile');
    expect(deviceOf(768)).toBe('desktop');
    expect(deviceOf(1280)).toBe('desktop');
  });
});

describe('feedbackRequest', () => {
  const channelId = '0b5c2a8e-6f1d-4c3b-9a7e-2d4f6a8b0c1e';
  const expertId = '7e1f3c5a-2b4d-4e6f-8a0c-1d3e5f7a9b2c';
  const chat = { channelId, expertId, serviceName: { fi: 'Neuvonta', se: 'Rådgivning', en: 'Advice' } };

  it('sends the score with the spec tags, the expert and the chat', () => {
    const body = feedbackRequest({ score: 9, comment: '  Kiitos!  ', scoreType: 'nps', chat, organisation: 'Kunta', viewportWidth: 360 });
    expect(body).toEqual({
      data: {
        score: 9,
        tags: { environment: 'web', device: 'mobile', organization: 'Kunta', serviceName: 'Neuvonta' },
        comment: 'Kiitos!',
      },
      scoreType: 'nps',
      expertUuid: expertId,
      channelId,
    });
    expect(ZFeedbackRequest.safeParse(body).success).toBe(true);
  });

  it('leaves out an empty comment and takes a service name given as one text', () => {
    const body = feedbackRequest({
      score: 4,
      comment: ' \n ',
      scoreType: 'care',
      chat: { ...chat, serviceName: 'Chat' },
      organisation: 'Kunta',
      viewportWidth: 1280,
    });
    expect(body.data).toEqual({ score: 4, tags: { environment: 'web', device: 'desktop', organization: 'Kunta', serviceName: 'Chat' } });
  });

  it('without a chat sends no channel and no expert', () => {
    const body = feedbackRequest({ score: 1, comment: '', scoreType: 'ces', chat: null, organisation: 'Kunta', viewportWidth: 1000 });
    expect(body.expertUuid).toBeNull();
    expect('channelId' in body).toBe(false);
    expect(body.data.tags.serviceName).toBe('');
    expect(ZFeedbackRequest.safeParse(body).success).toBe(true);
  });
});

describe('readFeedbackState', () => {
  it('reads what the chat page hands over and refuses anything else', () => {
    expect(readFeedbackState({ channelId: 'c', expertId: null, serviceName: null })).toEqual({
      channelId: 'c',
      expertId: null,
      serviceName: null,
    });
    expect(readFeedbackState(null)).toBeNull();
    expect(readFeedbackState({ expertId: 'e' })).toBeNull();
  });
});
