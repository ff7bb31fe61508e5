import styles from './placeholder-screen.module.css';

/** Stands in for a screen that a later issue builds. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className={styles.screen} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p className={styles.note}>Coming soon</p>
    </section>
  );
}
