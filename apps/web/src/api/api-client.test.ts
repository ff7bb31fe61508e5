import { describe, expect, it } from 'vitest';
import { api } from './api-client.ts';

describe('the API by operation name', () => {
  it('refuses an operation the contract does not have', async () => {
    const unknown = (api as unknown as Record<string, () => Promise<unknown>>).noSuchOperation!;
    await expect(unknown()).rejects.toThrow('The API has no operation noSuchOperation');
  });

  it('is not mistaken for a promise while its contract loads apart', () => {
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
