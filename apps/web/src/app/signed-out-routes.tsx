import { Route, Routes } from 'react-router';
import { LandingScreen } from '../features/auth/landing-screen.tsx';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { MagicLinkScreen } from '../features/auth/magic-link-screen.tsx';
import { MagicLinkSentScreen } from '../features/auth/magic-link-sent-screen.tsx';

/** spec §2: signed-out users see only the login and magic-link screens. */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/magic-link" element={<MagicLinkScreen />} />
      <Route path="/magic-link/sent" element={<MagicLinkSentScreen />} />
      <Route path="/welcome" element={<LandingScreen />} />
      {/* Any other path keeps its address (e.g. /invite/…) so login can return to it. */}
      <Route path="*" element={<LoginScreen />} />
    </Routes>
  );
}
