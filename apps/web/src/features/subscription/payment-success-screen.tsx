import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function PaymentSuccessScreen() {
  return <PlaceholderScreen title="Payment successful" />;
}
