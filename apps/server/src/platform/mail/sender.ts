/**
 * Who the built-in e-mail templates come from: MAIL_FROM_NAME and MAIL_FROM_ADDRESS (`config.mail.sender`). Passed
 * to whatever sends e-mail, beside the service's address, so two apps in one process can have senders of their own.
 */
export type Sender = { name: string; address: string };

/** What an e-mail needs of the configuration: the service's address (PUBLIC_URL) for its links, and the sender. */
export type MailOrigin = { publicUrl: string; sender: Sender };
