/** The sender of the built-in templates: MAIL_FROM_NAME and MAIL_FROM_ADDRESS, set once when the app is built. */
export type Sender = { name: string; address: string };

// Process-wide because the configuration is: `sendTemplatedEmail` runs inside services that get no config.
let current: Sender = { name: 'PRSP', address: 'no-reply@prsp.example' };

/** Called by the mail plugin with the configured sender. */
export function setDefaultSender(sender: Sender): void {
  current = { name: sender.name, address: sender.address };
}

/** The configured sender, used when an organisation has no template of its own. */
export function defaultSender(): Sender {
  return current;
}
