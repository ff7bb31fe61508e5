import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function SubscriptionScreen() {
  return <PlaceholderScreen title="Subscription" />;
}
