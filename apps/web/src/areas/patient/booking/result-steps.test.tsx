import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/test/mount';
import '../patient-texts';
import { FailedStep } from './result-steps';

describe('booking result steps (spec §4 booking flow)', () => {
  it('says plainly that the hold ran out, how long the time was held and that it was released', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'expired', holdMinutes: 15 }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Vahvistusaika päättyi');
    expect(host.querySelector('.alert')!.textContent).toBe(
      'Aika oli varattuna sinulle 15 minuutin ajan, ja se on nyt vapautettu muille. Hae aika uudelleen.',
    );
  });

  it('keeps the plain failure for a refused booking', async () => {
    const host = await mount(<FailedStep failure={{ reason: 'refused' }} onNewSearch={vi.fn()} />);
    expect(host.querySelector('h2')!.textContent).toBe('Varaus epäonnistui');
    expect(host.querySelector('.alert')!.textContent).toBe('Aikaa ei voitu varata, joten hae uudelleen.');
  });
});
