import chimeUrl from '../assets/complete-chime.wav';

type PlayableAudio = { play: () => Promise<void> | undefined | void };

/**
 * spec §4: checking a task plays a success sound; a playback failure (autoplay policy, no audio
 * device, unsupported format) only logs a warning and never blocks the check.
 */
export function playSuccessSound(
  createAudio: (src: string) => PlayableAudio = (src) => new Audio(src),
): void {
  const warn = (error: unknown) => console.warn('Could not play the success sound', error);
  try {
    const playing = createAudio(chimeUrl).play();
    if (playing instanceof Promise) playing.catch(warn);
  } catch (error) {
    warn(error);
  }
}
