import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

describe('kept workspace answers', () => {
  it('answers only for the tag an answer was kept under, and keeps one per workspace', () => {
    const cache = createAnswerCache(1_000);
    cache.set('ada:w1', 'W/"1-"', '{"v":1}');
    expect(cache.get('ada:w1', 'W/"1-"')).toBe('{"v":1}');
    expect(cache.get('ada:w1', 'W/"2-"')).toBeUndefined();
    cache.set('ada:w1', 'W/"2-"', '{"v":2}');
    expect(cache.get('ada:w1', 'W/"1-"')).toBeUndefined();
    expect(cache.get('ada:w1', 'W/"2-"')).toBe('{"v":2}');
    expect(cache.size).toBe(1);
  });

  it('stays within its bytes, dropping the least recently read first', () => {
    const cache = createAnswerCache(10);
    cache.set('a', 't', 'aaaa');
    cache.set('b', 't', 'bbbb');
    expect(cache.get('a', 't')).toBe('aaaa'); // a is now the most recently read
    cache.set('c', 't', 'cccc');
    expect(cache.get('b', 't')).toBeUndefined();
    expect(cache.get('a', 't')).toBe('aaaa');
    expect(cache.get('c', 't')).toBe('cccc');
    cache.set('d', 't', 'x'.repeat(11)); // larger than the whole cache: not kept
    expect(cache.get('d', 't')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
