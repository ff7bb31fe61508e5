import { afterEach, describe, expect, it, vi } from 'vitest';
import { playSuccessSound } from './success-sound.ts';

describe('playSuccessSound', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays the bundled chime', () => {
    const play = vi.fn(() => Promise.resolve());
    const sources: string[] = [];
    playSuccessSound((src) => {
      sources.push(src);
      return { play };
    });
    expect(play).toHaveBeenCalledOnce();
    expect(sources[0]).toMatch(/complete-chime.*\.wav|^data:audio\/wav/);
  });

  it('only warns when playback is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusal = new DOMException('Autoplay blocked', 'NotAllowedError');
    expect(() => playSuccessSound(() => ({ play: () => Promise.reject(refusal) }))).not.toThrow();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not play the success sound', refusal),
    );
  });

  it('only warns when audio cannot even be created', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() =>
      playSuccessSound(() => {
        throw new Error('No Audio here');
      }),
    ).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
  });
});
