import styles from './logo.module.css';

type LogoProps = { size?: number; withName?: boolean };

export function Logo({ size = 32, withName = false }: LogoProps) {
  return (
    <span className={styles.logo}>
      <svg
        className={styles.mark}
        width={size}
        height={size}
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="8" />
        <path d="M9 16.5l4.5 4.5L23 11" />
      </svg>
      {withName ? (
        <span className={styles.name}>Hustle</span>
      ) : (
        <span className="visually-hidden">Hustle</span>
      )}
    </span>
  );
}
