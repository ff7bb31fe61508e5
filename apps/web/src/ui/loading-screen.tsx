import { useEffect, useState } from 'react';
import { Logo } from './logo.tsx';
import styles from './loading-screen.module.css';
import { Spinner } from './spinner.tsx';

const MESSAGES = ['Sharpening pencils…', 'Lining up your day…', 'Warming up the coffee…'];
const MESSAGE_INTERVAL_MS = 1500;

type LoadingScreenProps = { withLogo?: boolean };

/** spec §2: a loading screen with rotating messages and an optional logo. */
export function LoadingScreen({ withLogo = true }: LoadingScreenProps) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % MESSAGES.length),
      MESSAGE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, []);

  return (
    // The boot-* classes of global.css: the page index.html paints is this screen's first frame.
    <div className="boot-screen" role="status" aria-busy="true">
      {withLogo && <Logo size={44} />}
      <p className="boot-line">
        <Spinner />
        <span key={index} className={styles.message}>
          {MESSAGES[index]}
        </span>
      </p>
    </div>
  );
}
