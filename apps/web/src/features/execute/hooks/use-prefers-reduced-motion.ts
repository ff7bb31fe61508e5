import { useMediaQuery } from '../../../ui/media-query.ts';

/** DESIGN "Motion": animations that JavaScript drives must respect the user's setting too. */
export const usePrefersReducedMotion = (): boolean =>
  useMediaQuery('(prefers-reduced-motion: reduce)');
