import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO_ORGANISATION,
  ORG_ADMIN,
  chooseOrganisation,
  latestMailTo,
  newExpert,
  staffSignIn,
  uniqueEmail,
  type JourneyExpert,
} from './admin-fixtures';
import { adminCall, helsinkiDateOf, helsinkiTime } from './booking-steps';
import { expectAccessible } from './fixtures';

/** This journey's groups are named so. */
const GROUP_PREFIX = 'Vierasryhmä ';

/**
 * An organisation admin books a group chat for a new expert starting within the next minutes, with one guest
 * invited by e-mail in English; the invitation names the guest page (in the guest's language) and the PIN. The
 * admin's page stays open for the caller (`admin`), who closes it.
 */
async function inviteGuest(
  browser: Browser,
  guest: { name: string; email: string },
): Promise<{ link: string; invitationLink: string; pin: string; group: string; host: JourneyExpert; id: string; admin: Page }> {
  const admin = await (await browser.newContext()).newPage();
  await staffSignIn(admin, 'admin', ORG_ADMIN);
  await chooseOrganisation(admin, DEMO_ORGANISATION);
  const host = await newExpert(admin, 'Hilda');
  const startMs = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
  const durationMinutes = 20;
  const date = helsinkiDateOf(startMs);
  const group = `${GROUP_PREFIX}${Date.now().toString(36)}`;
  const created = await adminCall<{ id: string }>(admin, '/api/admin/bookings/create', {
    kind: 'group',
    expertId: host.id,
    hostExpertId: host.id,
    name: group,
    date,
    startTime: helsinkiTime(startMs),
    durationMinutes,
    patients: [],
    guests: [{ name: guest.name, email: guest.email, language: 'en' }],
    sendConfirmation: true,
  });
  expect(created.statusCode).toBe(200);
  const mail = await latestMailTo(admin, guest.email);
  const link = mail.links.find((l) => /\/guest\/[0-9a-f-]{36}/.test(l)) ?? mail.text.match(/https?:\/\/\S+\/guest\/[0-9a-f-]{36}/)?.[0];
  // The PIN follows the word PIN (the address itself may hold six digits in a row).
  const pin = mail.text.match(/PIN\D{0,20}(\d{6})\b/)?.[1];
  expect(link, 'the invitation links the guest page').toBeDefined();
  expect(pin, 'the invitation carries the PIN').toBeDefined();
  const url = new URL(link!);
  return { link: url.pathname, invitationLink: `${url.pathname}${url.search}`, pin: pin!, group, host, id: created.data.id, admin };
}

test('a guest signs in with the PIN of their invitation, chats with the expert in the group, gives feedback and logs out', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const guestName = 'Gustav Gäst';
  const email = uniqueEmail('guest');
  const { link, invitationLink, pin, group, host, admin } = await inviteGuest(browser, { name: guestName, email });
  await admin.context().close();

  // The invitation's link opens the guest page in the guest's language, English: heading, hint, e-mail and PIN, continue.
  expect(invitationLink).toBe(`${link}?lang=en`);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(invitationLink);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join the group appointment' })).toBeVisible();
  const pinField = guest.getByRole('textbox', { name: 'PIN code' });
  await expect(pinField).toHaveAttribute('inputmode', 'numeric');
  await expect(pinField).toHaveAttribute('maxlength', '6');
  await expectAccessible(guest);

  // A malformed PIN is named under its field, and focus goes there.
  await guest.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await pinField.fill('1234');
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: 'Please check fields' })).toBeVisible();
  await expect(guest.getByText('The PIN code is 6 digits.')).toBeVisible();
  await expect(pinField).toBeFocused();
  await expectAccessible(guest);

  // A wrong PIN: the server's 101.
  await pinField.fill(pin === '000000' ? '111111' : '000000');
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: 'Wrong email or PIN-code' })).toBeVisible();

  // The right PIN: the guest's appointment, which starts within minutes, so the start is open.
  await pinField.fill(pin);
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
  await expect(guest.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expect(guest.getByText(`Signed in as ${guestName}`)).toBeVisible();
  await expectAccessible(guest);
  // A reload keeps the guest signed in (the token lives in this tab's sessionStorage).
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
  await guest.getByRole('button', { name: 'Start' }).click();

  // The group chat: back goes to the guest page.
  await expect(guest).toHaveURL(/\/chat\/[0-9a-f-]{36}\?channel=/);
  await expect(guest.getByRole('heading', { level: 1, name: group })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Participants' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Back to the appointment' })).toHaveAttribute('href', link);
  await expect(guest.getByRole('log')).toBeVisible();
  await expectAccessible(guest);

  // The host expert finds the group on the desk and they talk.
  const expert = await (await browser.newContext()).newPage();
  await staffSignIn(expert, 'expert', host.email, host.password);
  const workspace = expert.getByRole('region', { name: 'Chatit' });
  const tab = workspace.getByRole('button', { name: group, exact: true });
  await expect(tab).toBeVisible();
  await tab.click();
  const chat = workspace.getByRole('article', { name: group, exact: true });
  await chat.getByRole('textbox', { name: 'Viesti' }).fill('Tervetuloa, vieras!');
  await chat.getByRole('textbox', { name: 'Viesti' }).press('Enter');
  await expect(guest.getByRole('log').getByText('Tervetuloa, vieras!')).toBeVisible();
  const box = guest.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello from the guest.');
  await box.press('Enter');
  await expect(chat.getByRole('log').getByText('Hello from the guest.')).toBeVisible();

  // The expert ends the chat: the guest lands on feedback, skips it, and reaches the guest thank-you page.
  await chat.getByRole('button', { name: 'Lopeta chat' }).click();
  await expert.getByRole('dialog', { name: 'Lopetetaanko chat?' }).getByRole('button', { name: 'Lopeta chat' }).click();
  await expect(guest.getByRole('heading', { level: 2, name: 'The chat has ended' })).toBeVisible();
  await guest.getByRole('button', { name: 'Continue to feedback' }).click();
  await expect(guest).toHaveURL(/\/feedback$/);
  await expect(guest.getByRole('link', { name: 'Back to the appointment' })).toBeVisible();
  await expectAccessible(guest);
  await guest.getByRole('button', { name: 'Skip' }).click();
  await expect(guest).toHaveURL(/\/thank-you-guest$/);
  await expect(guest.getByRole('heading', { level: 1, name: 'Thank you for taking part' })).toBeVisible();
  await expectAccessible(guest);

  // Logging out forgets the token and shows the guests' own signed-out page; the guest page asks for the PIN again.
  await guest.getByRole('button', { name: 'Log out' }).click();
  await expect(guest).toHaveURL(/\/guest-signed-out$/);
  await expect(guest.getByRole('heading', { level: 1, name: 'You have signed out. Thank you!' })).toBeVisible();
  await expect(guest.getByText('You can now close this window.')).toBeVisible();
  await expectAccessible(guest);
  expect(await guest.evaluate(() => sessionStorage.getItem('prsp.guest'))).toBeNull();
  await guest.goto(link);
  await expect(guest.getByRole('textbox', { name: 'PIN code' })).toBeVisible();
  await expectAccessible(guest);
});

test('a guest who types five wrong PINs is told when to retry; the organiser sees the lock and sends a new PIN that lets them in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const guestName = 'Lotta Låst';
  const email = uniqueEmail('guest-locked');
  const { invitationLink, pin, id, admin } = await inviteGuest(browser, { name: guestName, email });

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(invitationLink);
  await guest.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  const pinField = guest.getByRole('textbox', { name: 'PIN code' });
  const wrong = pin === '000000' ? '111111' : '000000';
  for (let i = 0; i < 4; i++) {
    await pinField.fill(wrong);
    await guest.getByRole('button', { name: 'Continue' }).click();
    await expect(guest.getByRole('alert').filter({ hasText: 'Wrong email or PIN-code' })).toBeVisible();
  }
  await pinField.fill(wrong);
  await guest.getByRole('button', { name: 'Continue' }).click();
  const locked = guest.getByRole('alert').filter({ hasText: /^Too many tries\. You can try again at \d{1,2}:\d{2}/ });
  await expect(locked).toContainText('ask the organiser of the appointment for a new PIN code');
  await expectAccessible(guest);
  // Even the right PIN now gets the same answer.
  await pinField.fill(pin);
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(locked).toBeVisible();

  // The organiser sees the lock on the guest and sends a new PIN.
  await admin.goto(`/admin/appointment?id=${id}`);
  await expect(admin.getByText(/^Kirjautuminen estetty klo \d{1,2}\.\d{2} asti/)).toBeVisible();
  await admin.getByRole('button', { name: `Lähetä henkilölle ${guestName} uusi PIN-koodi` }).click();
  await admin.getByRole('dialog', { name: 'Lähetetäänkö uusi PIN-koodi?' }).getByRole('button', { name: 'Lähetä uusi PIN-koodi' }).click();
  await expect(admin.getByText(`Uusi PIN-koodi lähetettiin osoitteeseen ${email}.`)).toBeVisible();
  await expect(admin.getByText(/^Kirjautuminen estetty/)).toHaveCount(0);
  let fresh = pin;
  await expect
    .poll(async () => {
      fresh = (await latestMailTo(admin, email)).text.match(/PIN\D{0,20}(\d{6})\b/)?.[1] ?? pin;
      return fresh;
    })
    .not.toBe(pin);
  await admin.context().close();

  await pinField.fill(fresh);
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
});
