import { useMediaQuery } from '../../../ui/media-query.ts';

/** A phone's width, where the timer leaves the top bar for the foot of the screen. */
export const useIsPhone = (): boolean => useMediaQuery('(max-width: 600px)');
