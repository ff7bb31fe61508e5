import { Route, Routes } from 'react-router';
import { AuthLayout } from '../features/auth/auth-layout.tsx';
import { LandingScreen } from '../features/auth/landing-screen.tsx';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { MagicLinkScreen } from '../features/auth/magic-link-screen.tsx';
import { MagicLinkSentScreen } from '../features/auth/magic-link-sent-screen.tsx';
import { InviteTeaser } from '../features/invites/invite-teaser.tsx';

const invite = (
  <AuthLayout>
    <InviteTeaser />
  </AuthLayout>
);

/** spec §2: signed-out users see only the login and magic-link screens. */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/magic-link" element={<MagicLinkScreen />} />
      <Route path="/magic-link/sent" element={<MagicLinkSentScreen />} />
      <Route path="/welcome" element={<LandingScreen />} />
      {/* spec §2 invite screen without a login token: 'Log in to join', then back here. */}
      <Route path="/invite/:inviteToken?" element={invite} />
      <Route path="*" element={<LoginScreen />} />
    </Routes>
  );
}
