import { requestOf, type Command } from '@hustle/shared/commands/commands';
import { api } from '../../api/api-client.ts';

type AnyCall = (input: object) => Promise<unknown>;

/**
 * Sends one command of the outbox (decision 028) by the call its table entry names, with its
 * Idempotency-Key: a repeat after a lost answer gets the first answer again and changes nothing
 * (decision 013).
 */
export function sendCommand(
  command: Command,
  workspaceId: string,
  idempotencyKey: string,
): Promise<unknown> {
  const { operation, input } = requestOf(command, workspaceId);
  // The table pairs each operation with its own input; the union of calls cannot say so here.
  const send = api[operation] as AnyCall;
  return send({ ...input, headers: { 'Idempotency-Key': idempotencyKey } });
}
