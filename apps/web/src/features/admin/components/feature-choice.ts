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
type ListChoice = Exclude<FeatureChoice, 'default'>;

export const FEATURE_CHOICE_KEYS = Object.keys(FEATURE_CHOICES) as FeatureChoice[];

const LIST_LABELS: Record<ListChoice, string> = {
  both: 'Both features',
  automation: 'Automation only',
  subscription: 'Subscription only',
  none: 'No features',
};

/** The choice a list of features is (the server's setting is always one of them too). */
function listChoiceOf(flags: readonly FeatureFlag[]): ListChoice {
  const key = [...flags].sort().join();
  const keys = Object.keys(LIST_LABELS) as ListChoice[];
  return keys.find((choice) => [...FEATURE_CHOICES[choice]].sort().join() === key) ?? 'none';
}

/** 'Both features', 'Automation only', 'Subscription only', 'No features'. */
export const featuresText = (flags: readonly FeatureFlag[]): string =>
  LIST_LABELS[listChoiceOf(flags)];

/** The choice's label; the server's setting says what it gives, e.g. 'Server default (both)'. */
export function choiceLabel(choice: FeatureChoice, defaults: readonly FeatureFlag[]): string {
  if (choice !== 'default') return LIST_LABELS[choice];
  const given = listChoiceOf(defaults);
  return `Server default (${given === 'both' ? 'both' : LIST_LABELS[given].toLowerCase()})`;
}

/** The choice an account's own setting is; null follows the server. */
export const choiceOf = (flags: readonly FeatureFlag[] | null): FeatureChoice =>
  flags === null ? 'default' : listChoiceOf(flags);
