import { expect, it } from 'vitest';
import { mount } from '@/test/mount';
import { NetworkResult } from './device-check';
import { connectivityVerdict } from './video-rules';

it('with only a local path found it warns that video will likely not work outside this network, in plain words', async () => {
  // No STUN or TURN server set up and only a local address: before, this said 'Video works here'.
  const kinds = { host: true, srflx: false, relay: false };
  const host = await mount(<NetworkResult kinds={kinds} verdict={connectivityVerdict(kinds, { stun: false, turn: false })} />);
  const verdict = host.querySelector('.device-check-verdict')!;
  expect(verdict.className).toContain('bad');
  expect(verdict.textContent).toBe(
    'Yhteys toimii vain tämän verkon sisällä. Video ei todennäköisesti toimi, jos toinen osapuoli on tämän verkon ulkopuolella. Kokeile toista verkkoa (esimerkiksi puhelimen mobiilidataa) tai sulje VPN.',
  );
  expect([...host.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'Yhteys tämän verkon sisällä: onnistui',
    'Suora yhteys internetin kautta: ei onnistunut',
    'Yhteys palvelimemme kautta: ei onnistunut',
  ]);
  expect(host.textContent).not.toMatch(/julkinen|välityspalvelin/);
});
