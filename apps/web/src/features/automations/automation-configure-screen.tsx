import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function AutomationConfigureScreen() {
  return <PlaceholderScreen title="Configure automations" />;
}
