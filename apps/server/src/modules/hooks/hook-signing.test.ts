import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { messageId, signDelivery } from './hook-signing';

// The Standard Webhooks specification's test vector.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  at: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signing a delivery', () => {
  test('the specification’s vector', () => {
    const headers = signDelivery({ ...VECTOR, secrets: [VECTOR.secret] });
    expect(headers).toMatchObject({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
      'content-type': 'application/json',
    });
  });

  test('two secrets while one is rotated: both signatures, each verifies alone', () => {
    const other = 'whsec_QkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJC';
    const at = new Date();
    const body = '{"type":"item.created"}';
    const headers = signDelivery({ id: 'msg_1', at, body, secrets: [VECTOR.secret, other] });
    const signatures = headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    for (const secret of [VECTOR.secret, other])
      expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'item.created' });
    // A changed body verifies with neither.
    expect(() => new Webhook(other).verify(`${body} `, headers)).toThrow();
  });

  test('a delivery’s message id', () => {
    expect(messageId('0b9e7d4e-1f2a-4c3b-9d8e-7f6a5b4c3d2e')).toBe('msg_0b9e7d4e1f2a4c3b9d8e7f6a5b4c3d2e');
  });
});
