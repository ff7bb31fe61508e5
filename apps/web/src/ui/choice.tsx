import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './choice.module.css';

/** A checkbox or radio button with its words beside it, the whole row a 44 px target. */
export function Choice({
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  type: 'checkbox' | 'radio';
  children: ReactNode;
}) {
  return (
    <label className={styles.choice}>
      <input {...input} />
      {children}
    </label>
  );
}
