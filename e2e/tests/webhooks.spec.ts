import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine that answers 200 to everything and keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/hustle`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks a request the way a Standard Webhooks receiver does, written out here rather than with
 * the sender's library: HMAC-SHA256 of "id.timestamp.body" under the secret's decoded bytes.
 */
function isSignedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature = ''] = part.split(',');
      const given = Buffer.from(signature, 'base64');
      return (
        version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
}

test.describe('signed webhooks', () => {
  test('a webhook added on the Account page receives a signed task.created, and Redeliver sends it again with the same id', async ({
    page,
    signUp,
    api,
  }) => {
    const receiver = await startReceiver();
    try {
      const ada = await signUp('ada');
      await openSignedIn(page, ada, '/account');
      const card = page.getByRole('region', { name: 'Webhooks' });
      await expect(card.getByText('No webhooks yet.')).toBeVisible();

      await card.getByRole('button', { name: 'New webhook' }).click();
      const form = card.getByRole('form', { name: 'New webhook' });
      await form.getByLabel('Address').fill(receiver.url);
      await expect(form.getByRole('checkbox', { name: /Task added/ })).toBeChecked();
      await form.getByRole('button', { name: 'Add webhook' }).click();
      const secretField = card.getByRole('textbox', { name: 'Signing secret of the new webhook' });
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expect(card.getByText(/It will not be shown again/)).toBeVisible();
      await card.getByRole('button', { name: 'Done' }).click();
      await expect(secretField).toBeHidden();
      const list = card.getByRole('list', { name: 'Your webhooks' });
      await expect(list.getByText(receiver.url)).toBeVisible();

      const taskId = await api.createTask(ada, 'Water the plants');
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
      const [first] = receiver.received;
      if (!first) throw new Error('no request arrived');
      expect(isSignedWith(secret, first)).toBe(true);
      expect(isSignedWith(`whsec_${Buffer.from('not the secret').toString('base64')}`, first)).toBe(
        false,
      );
      const event = JSON.parse(first.body) as { type: string; data: { id: string; name: string } };
      expect(event.type).toBe('task.created');
      expect(event.data).toMatchObject({ id: taskId, name: 'Water the plants' });

      await card.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
      const log = card.getByRole('list', { name: `Deliveries to ${receiver.url}` });
      const delivery = log.getByRole('listitem');
      await expect(delivery).toHaveCount(1);
      await expect(delivery).toContainText('task.created');
      await expect(delivery).toContainText('200');
      await expect(delivery).toContainText('1 attempt');

      await delivery.getByRole('button', { name: /^Redeliver task\.created/ }).click();
      await expect(card.getByRole('status').filter({ hasText: 'sent again' })).toHaveText(
        'task.created sent again: 200.',
        { timeout: 10_000 },
      );
      expect(receiver.received).toHaveLength(2);
      const [, second] = receiver.received;
      if (!second) throw new Error('no second request arrived');
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.body).toBe(first.body);
      expect(isSignedWith(secret, second)).toBe(true);
    } finally {
      await receiver.stop();
    }
  });
});
