import type { FeatureFlag } from '@hustle/shared/constants';
import { CommandPalette } from './command-palette.tsx';
import { ShortcutSheet } from './shortcut-sheet.tsx';

export type KeyboardDialogProps = {
  dialog: 'palette' | 'sheet';
  featureFlags: readonly FeatureFlag[];
  onSwitch: (dialog: 'palette' | 'sheet') => void;
  onClose: () => void;
};

/** What the keyboard layer loads on first use: the palette and the sheet, one chunk. */
export function KeyboardDialog({ dialog, featureFlags, onSwitch, onClose }: KeyboardDialogProps) {
  return dialog === 'palette' ? (
    <CommandPalette
      featureFlags={featureFlags}
      onShowShortcuts={() => onSwitch('sheet')}
      onClose={onClose}
    />
  ) : (
    <ShortcutSheet onClose={onClose} />
  );
}
