import { useLayoutStore } from '../../../stores/layout-store.ts';
import type { ThemePreference } from '../../../ui/theme.ts';
import styles from '../account.module.css';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { Choice, ChoiceGroup } from '../../../ui/choice.tsx';

const CHOICES: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Match the system' },
];

/**
 * The theme, with the choice the user menu's toggle cannot offer: following the system's light
 * or dark setting as it changes (issue 28). The toggle keeps its spec labels and ends it.
 */
export function ThemeSection() {
  const preference = useLayoutStore((state) => state.themePreference);
  const setPreference = useLayoutStore((state) => state.setThemePreference);
  return (
    <SettingsCard title="Theme">
      <ChoiceGroup
        legend={
          <span className={styles.muted}>
            Match the system follows your device’s light or dark setting, also when it changes.
          </span>
        }
      >
        {CHOICES.map((choice) => (
          <Choice
            key={choice.value}
            type="radio"
            name="theme"
            value={choice.value}
            checked={preference === choice.value}
            onChange={() => setPreference(choice.value)}
          >
            {choice.label}
          </Choice>
        ))}
      </ChoiceGroup>
    </SettingsCard>
  );
}
