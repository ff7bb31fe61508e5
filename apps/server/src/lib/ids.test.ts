import { describe, expect, it } from 'vitest';
import { IdSchema } from '@hustle/shared/ids';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes ids of the one format the API accepts', () => {
    for (let i = 0; i < 100; i++) expect(IdSchema.safeParse(newId()).success).toBe(true);
  });
});
