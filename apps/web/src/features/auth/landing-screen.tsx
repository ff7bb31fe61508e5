import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthHeader } from './auth-parts.tsx';

/** spec §2: the landing screen, a logo and a way in. */
export function LandingScreen() {
  return (
    <AuthLayout>
      <AuthHeader title="Welcome to Hustle">
        Plan your day, then execute it: tasks in calm, coloured projects and one clear list to work
        through.
      </AuthHeader>
      <Link
        to="/login"
        className={buttonClassName({ variant: 'primary', size: 'large', fullWidth: true })}
      >
        Log in with email
      </Link>
    </AuthLayout>
  );
}
