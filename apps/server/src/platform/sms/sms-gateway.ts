/** One text message as a gateway takes it: the number in international form (`+358401234567`), sender and text. */
export type SmsMessage = { to: string; from: string; text: string };

/**
 * What SMS delivery needs of an SMS gateway: accept one message or throw. The HTTP client (http-sms-gateway.ts)
 * is the one implementation; the built-in sink (stand-ins/sms-sink) speaks the same protocol, so demo and tests
 * run the production client.
 */
export type SmsGateway = { send(message: SmsMessage): Promise<void> };

/** A message the gateway did not accept. The message names the cause (HTTP status, timeout), never the number or text. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the gateway answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}
