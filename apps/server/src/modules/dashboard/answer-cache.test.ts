import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

/** A stand-in coding whose output shows what it was given and how often it ran. */
function countingEncoder() {
  const calls: string[] = [];
  const encode = (body: string, coding: 'up' | 'twice') => {
    calls.push(`${coding}:${body}`);
    return Buffer.from(coding === 'up' ? body.toUpperCase() : body + body);
  };
  return { calls, encode };
}

describe('kept workspace answers', () => {
  it('answers only for the tag an answer was kept under, and keeps one per workspace', () => {
    const cache = createAnswerCache(1_000, countingEncoder().encode);
    cache.set('ada:w1', 'W/"1-"', '{"v":1}');
    expect(cache.get('ada:w1', 'W/"1-"')).toBe('{"v":1}');
    expect(cache.get('ada:w1', 'W/"2-"')).toBeUndefined();
    cache.set('ada:w1', 'W/"2-"', '{"v":2}');
    expect(cache.get('ada:w1', 'W/"1-"')).toBeUndefined();
    expect(cache.get('ada:w1', 'W/"2-"')).toBe('{"v":2}');
    expect(cache.size).toBe(1);
  });

  it('stays within its bytes, dropping the least recently read first', () => {
    const cache = createAnswerCache(10, countingEncoder().encode);
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

  it('encodes a kept answer once per coding and version, and never one it does not keep', () => {
    const { calls, encode } = countingEncoder();
    const cache = createAnswerCache(1_000, encode);
    expect(cache.getEncoded('ada:w1', 'W/"1-"', 'up')).toBeUndefined();
    cache.set('ada:w1', 'W/"1-"', 'abc');
    expect(cache.getEncoded('ada:w1', 'W/"1-"', 'up')?.toString()).toBe('ABC');
    expect(cache.getEncoded('ada:w1', 'W/"1-"', 'up')?.toString()).toBe('ABC');
    expect(cache.getEncoded('ada:w1', 'W/"1-"', 'twice')?.toString()).toBe('abcabc');
    expect(cache.getEncoded('ada:w1', 'W/"2-"', 'up')).toBeUndefined();
    cache.set('ada:w1', 'W/"2-"', 'def');
    expect(cache.getEncoded('ada:w1', 'W/"2-"', 'up')?.toString()).toBe('DEF');
    expect(calls).toEqual(['up:abc', 'twice:abc', 'up:def']);
  });

  it('counts the encoded copies in its bytes', () => {
    const { encode } = countingEncoder();
    const cache = createAnswerCache(12, encode);
    cache.set('a', 't', 'aaaa');
    cache.set('b', 't', 'bbbb');
    // b's copy (8 bytes) brings the total to 16: a, read least recently, goes.
    expect(cache.getEncoded('b', 't', 'twice')?.toString()).toBe('bbbbbbbb');
    expect(cache.get('a', 't')).toBeUndefined();
    expect(cache.get('b', 't')).toBe('bbbb');
    expect(cache.size).toBe(1);
  });
});
