import type { FeatureFlag } from '@hustle/shared/constants';
import { useRef, useState, type ComponentType } from 'react';
import { useToastStore } from '../../ui/toast-store.ts';
import type { KeyboardDialogProps } from './keyboard-dialog.tsx';
import { useShortcuts } from './use-shortcuts.ts';

type Dialog = KeyboardDialogProps['dialog'];

/**
 * The page-wide shortcuts, and the command palette and shortcut sheet they open. The dialogs
 * (with the palette's library) load on the first Ctrl/⌘+K or ?, not with the first script
 * (decisions 016 and 022).
 */
export function KeyboardLayer({ featureFlags }: { featureFlags: readonly FeatureFlag[] }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [KeyboardDialog, setKeyboardDialog] = useState<ComponentType<KeyboardDialogProps>>();
  const loading = useRef<Promise<unknown>>(null);

  const open = (next: Dialog) => {
    setDialog(next);
    loading.current ??= import('./keyboard-dialog.tsx').then(
      (module) => setKeyboardDialog(() => module.KeyboardDialog),
      () => {
        loading.current = null;
        setDialog(null);
        useToastStore.getState().addToast({
          message: 'The shortcuts could not be loaded. Check your connection and try again.',
          tone: 'danger',
        });
      },
    );
  };
  useShortcuts(open);

  if (!dialog || !KeyboardDialog) return null;
  return (
    <KeyboardDialog
      dialog={dialog}
      featureFlags={featureFlags}
      onSwitch={setDialog}
      onClose={() => setDialog(null)}
    />
  );
}
