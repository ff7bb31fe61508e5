import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/render-app.tsx';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const URL_A = 'https://example.com/hooks';

const webhook = (id: string, url: string, extra: object = {}) => ({
  id,
  url,
  events: ['task.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const delivery = (id: string, extra: object = {}) => ({
  id,
  eventType: 'task.created',
  createdAt: '2026-11-26T09:15:30.000Z',
  status: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-26T09:15:31.000Z',
  statusCode: 200,
  durationMs: 42,
  error: null,
  ...extra,
});

const problem = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

const render = () => renderSignedIn({ '/account': <WebhooksSection /> }, { route: '/account' });

describe('WebhooksSection', () => {
  it('adds a webhook with the chosen events and shows its secret once', async () => {
    let webhooks: object[] = [];
    const calls = stubApi({
      'GET /api/v1/webhooks': () => json(200, { webhooks }),
      'POST /api/v1/webhooks': () => {
        const made = webhook('w1', URL_A, { events: ['task.created', 'project.archived'] });
        webhooks = [made];
        return json(201, { ...made, secret: 'whsec_c2VjcmV0' });
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    const address = within(form).getByLabelText('Address');
    await user.type(address, 'ftp://example.com');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give an http:// or https://');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.route.startsWith('POST'))).toHaveLength(0);

    expect(within(form).getAllByRole('checkbox')).toHaveLength(9);
    await user.clear(address);
    await user.type(address, URL_A);
    await user.click(within(form).getByRole('checkbox', { name: /Task completed/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Project archived/ }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByRole('textbox', {
      name: 'Signing secret of the new webhook',
    });
    expect(calls.find((call) => call.route === 'POST /api/v1/webhooks')?.body).toEqual({
      url: URL_A,
      events: ['task.created', 'project.archived'],
    });
    expect(secret).toHaveValue('whsec_c2VjcmV0');
    expect(screen.getByText(/It will not be shown again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_c2VjcmV0');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: /Signing secret/ })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    expect(within(list).getByText(URL_A)).toBeInTheDocument();
    expect(within(list).getByText(/Task added, Project archived/)).toBeInTheDocument();
    expect(within(list).queryByText(/whsec_/)).toBeNull();
  });

  it.each([
    [
      'an address it refuses',
      problem(400, 'WEBHOOK_ADDRESS_REFUSED', 'Hustle sends webhooks to public addresses only.'),
      'Hustle sends webhooks to public addresses only.',
    ],
    [
      'the limit',
      problem(409, 'WEBHOOK_LIMIT_REACHED', 'An account has at most 10 webhooks.'),
      'Could not add the webhook. An account has at most 10 webhooks.',
    ],
  ])('says why the server refused %s, and keeps the form', async (_case, answer, words) => {
    stubApi({
      'GET /api/v1/webhooks': () => json(200, { webhooks: [] }),
      'POST /api/v1/webhooks': () => answer,
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'New webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText('Address'), 'http://10.0.0.1/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(words);
    expect(within(form).getByLabelText('Address')).toHaveValue('http://10.0.0.1/hook');
  });

  it('turns a webhook failing for a day on again, changes its events and deletes it', async () => {
    let webhooks = [
      webhook('w1', URL_A, { enabled: false, disabledReason: 'failing' }),
      webhook('w2', 'https://other.example/in'),
    ];
    const calls = stubApi({
      'GET /api/v1/webhooks': () => json(200, { webhooks }),
      'POST /api/v1/webhooks/w1': (init) => {
        const body = JSON.parse(String(init?.body)) as object;
        webhooks = webhooks.map((one) =>
          one.id === 'w1' ? { ...one, enabled: true, disabledReason: null, ...body } : one,
        );
        return json(200, webhooks[0]);
      },
      'DELETE /api/v1/webhooks/w1': () => {
        webhooks = webhooks.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    const row = within(list).getByText(URL_A).closest('li') as HTMLElement;
    expect(within(row).getByText('Off: failing')).toBeInTheDocument();
    expect(within(row).getByText(/Turned off after failing for a day/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Turn on the webhook to ${URL_A}` }));
    expect(await within(row).findByText('On')).toBeInTheDocument();
    expect(within(row).queryByText(/Turned off after failing/)).toBeNull();
    expect(calls.find((call) => call.route === 'POST /api/v1/webhooks/w1')?.body).toEqual({
      enabled: true,
    });
    expect(await screen.findByText(`Webhook to ${URL_A} is on.`)).toBeInTheDocument();

    const change = within(row).getByRole('button', { name: `Change the events of ${URL_A}` });
    await user.click(change);
    expect(change).toHaveAttribute('aria-expanded', 'true');
    const form = within(row).getByRole('form', { name: `Events of ${URL_A}` });
    await user.click(within(form).getByRole('checkbox', { name: /Task added/ }));
    await user.click(within(form).getByRole('button', { name: 'Save events' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one event.');
    await user.click(within(form).getByRole('checkbox', { name: /Automation ran/ }));
    await user.click(within(form).getByRole('button', { name: 'Save events' }));
    await waitFor(() => expect(within(row).queryByRole('form')).toBeNull());
    const updates = calls.filter((call) => call.route === 'POST /api/v1/webhooks/w1');
    expect(updates.at(-1)?.body).toEqual({ events: ['automation.run'] });
    expect(within(row).getByText(/^Automation ran ·/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Delete the webhook to ${URL_A}` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    expect(calls.some((call) => call.route.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText(URL_A)).toBeNull());
    expect(within(list).getByText('https://other.example/in')).toBeInTheDocument();
    expect(await screen.findByText(`Webhook to ${URL_A} is deleted.`)).toBeInTheDocument();
  });

  it('shows the deliveries and announces how a redelivery went', async () => {
    const failed = delivery('d2', {
      eventType: 'task.completed',
      status: 'failed',
      attempts: 8,
      statusCode: null,
      durationMs: null,
      error: 'timed out after 10 s',
    });
    let deliveries: object[] = [failed, delivery('d1')];
    const calls = stubApi({
      'GET /api/v1/webhooks': () => json(200, { webhooks: [webhook('w1', URL_A)] }),
      'GET /api/v1/webhooks/w1/deliveries': () => json(200, { deliveries }),
      'POST /api/v1/webhooks/w1/deliveries/d2/redeliver': () => {
        const pending = {
          ...failed,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date().toISOString(),
        };
        // The worker sends it before the log is read again.
        deliveries = [
          { ...pending, status: 'delivered', attempts: 1, statusCode: 204, error: null },
          delivery('d1'),
        ];
        return json(200, pending);
      },
    });
    const user = userEvent.setup();
    render();
    const show = await screen.findByRole('button', { name: `Deliveries to ${URL_A}` });
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const log = await screen.findByRole('list', { name: `Deliveries to ${URL_A}` });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [failedItem = log] = items;
    expect(items[0]).toHaveTextContent('task.completed');
    expect(items[0]).toHaveTextContent('timed out after 10 s · gave up');
    expect(items[0]).toHaveTextContent('8 attempts');
    expect(items[1]).toHaveTextContent('200');
    expect(items[1]).toHaveTextContent('1 attempt · 42 ms');

    await user.click(within(failedItem).getByRole('button', { name: /^Redeliver task.completed/ }));
    expect(calls.some((call) => call.route.endsWith('/d2/redeliver'))).toBe(true);
    const status = screen.getByText(/again/, { selector: '[role="status"]' });
    expect(status).toHaveTextContent('Sending task.completed again…');
    await waitFor(() => expect(status).toHaveTextContent('task.completed sent again: 204.'), {
      timeout: 4000,
    });
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('204');
  });

  it('says when the webhooks cannot be loaded, and tries again', async () => {
    let fails = true;
    stubApi({
      'GET /api/v1/webhooks': () =>
        fails
          ? json(500, { error: { code: 'INTERNAL', message: 'Server hiccup.' } })
          : json(200, { webhooks: [webhook('w1', URL_A)] }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/Could not load your webhooks/)).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(URL_A)).toBeInTheDocument();
  });
});
