import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function AutomationStatusScreen() {
  return <PlaceholderScreen title="Automation" />;
}
