import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@hustle/shared/webhooks';
import { LIMITS } from '@hustle/shared/constants';
import { payloadOf } from './webhook-events.ts';

const AT = '2026-11-28T12:00:00.000Z';
const CAP = WEBHOOK_LIMITS.payloadBytes;

/** The bytes of a payload around an empty name. */
const frame = Buffer.byteLength(payloadOf('task.created', AT, { id: 't1', name: '' }));

/**
 * Decision 071: a payload over the cap (16 KiB of JSON, counted in bytes) is cut to
 * `{id, truncated: true}`; one at the cap is sent whole.
 */
describe('the webhook payload cap', () => {
  it('sends a payload of exactly the cap whole', () => {
    const name = 'a'.repeat(CAP - frame);
    const body = payloadOf('task.created', AT, { id: 't1', name });
    expect(Buffer.byteLength(body)).toBe(CAP);
    expect(JSON.parse(body)).toEqual({
      type: 'task.created',
      timestamp: AT,
      data: { id: 't1', name },
    });
  });

  it('cuts a payload one byte over the cap to the id, marked truncated', () => {
    const name = 'a'.repeat(CAP - frame + 1);
    const body = payloadOf('task.updated', AT, { id: 't1', name });
    expect(JSON.parse(body)).toEqual({
      type: 'task.updated',
      timestamp: AT,
      data: { id: 't1', truncated: true },
    });
    expect(Buffer.byteLength(body)).toBeLessThan(CAP);
  });

  it('counts bytes, not characters: multi-byte text under the cap in characters is still cut', () => {
    // Each 'é' is one UTF-16 unit and two UTF-8 bytes.
    const name = 'é'.repeat(CAP - frame);
    expect(JSON.stringify({ name }).length).toBeLessThan(CAP);
    const body = payloadOf('task.created', AT, { id: 't1', name });
    expect(JSON.parse(body)).toMatchObject({ data: { id: 't1', truncated: true } });
  });

  it('keeps data with no id as a null id (an automation run)', () => {
    const body = payloadOf('automation.run', AT, { automationId: 'a1', name: 'x'.repeat(CAP) });
    expect(JSON.parse(body)).toMatchObject({ data: { id: null, truncated: true } });
  });

  it('sends the largest task name a command accepts whole', () => {
    // The worst case per byte that a name may hold: four-byte characters, or escaped quotes.
    for (const name of [
      '🙂'.repeat(LIMITS.taskNameMaxLength / 2),
      '"'.repeat(LIMITS.taskNameMaxLength),
    ]) {
      const body = payloadOf('task.created', AT, { id: 't1', name });
      expect(JSON.parse(body)).toMatchObject({ data: { name } });
    }
  });
});
