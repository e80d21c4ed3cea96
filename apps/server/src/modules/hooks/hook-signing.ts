import { Webhook } from 'standardwebhooks';

/** The headers of a signed delivery (Standard Webhooks), and the ones every delivery carries. */
export type DeliveryHeaders = Record<string, string>;

/**
 * Signs a delivery (Standard Webhooks, through `standardwebhooks`): `webhook-id` (the same for
 * every attempt of an event), `webhook-timestamp` (this attempt's, in seconds) and
 * `webhook-signature`, one `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, separated by
 * spaces: a rotated secret signs beside the new one for a day (docs/webhooks.md).
 */
export function signDelivery(message: {
  id: string;
  at: Date;
  body: string;
  secrets: readonly string[];
}): DeliveryHeaders {
  const signatures = message.secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.at, message.body),
  );
  return {
    'content-type': 'application/json',
    'user-agent': 'Strata-Webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** The `webhook-id` of a delivery: `msg_` and its id (a redelivery keeps the first delivery's). */
export const messageId = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;
