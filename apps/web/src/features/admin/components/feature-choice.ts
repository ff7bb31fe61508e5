import type { FeatureFlag } from '@hustle/shared/constants';

/**
 * The choices the page offers for an account's features: the server's setting, or one of the
 * spec's rows (S3.35/S6.8: both, only automation, none) — and only subscription, so every
 * setting the server accepts can be shown.
 */
export const FEATURE_CHOICES = {
  default: null,
  both: ['automation', 'subscription'],
  automation: ['automation'],
  subscription: ['subscription'],
  none: [],
} as const satisfies Record<string, readonly FeatureFlag[] | null>;

export type FeatureChoice = keyof typeof FEATURE_CHOICES;

const FEATURE_NAMES: Record<FeatureFlag, string> = {
  automation: 'Automation',
  subscription: 'Subscription',
};

/** 'Automation and Subscription', 'Automation', 'None'. */
export const featuresText = (flags: readonly FeatureFlag[]): string =>
  flags.length === 0 ? 'None' : flags.map((flag) => FEATURE_NAMES[flag]).join(' and ');

export function choiceLabel(choice: FeatureChoice, defaults: readonly FeatureFlag[]): string {
  return choice === 'default'
    ? `Server setting (${featuresText(defaults)})`
    : featuresText(FEATURE_CHOICES[choice]);
}

export const FEATURE_CHOICE_KEYS = Object.keys(FEATURE_CHOICES) as FeatureChoice[];

/** The choice an account's own setting is. */
export function choiceOf(flags: readonly FeatureFlag[] | null): FeatureChoice {
  if (flags === null) return 'default';
  const key = [...flags].sort().join();
  return (
    FEATURE_CHOICE_KEYS.find((choice) => {
      const listed = FEATURE_CHOICES[choice];
      return listed !== null && [...listed].sort().join() === key;
    }) ?? 'default'
  );
}
