import { Fragment } from 'react';
import { Modal } from '../../ui/modal.tsx';
import { shortcutHelp } from './shortcuts.ts';
import keyStyles from './keys.module.css';
import styles from './shortcut-sheet.module.css';

/** ?: every keyboard shortcut, in one sheet (issue 16). */
export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} isTextOnly>
      {shortcutHelp().map((group) => (
        <section key={group.title} className={styles.group}>
          <h3 className={styles.title}>{group.title}</h3>
          <dl className={styles.list}>
            {group.shortcuts.map(({ keys, action }) => (
              <div key={action} className={styles.row}>
                <dt className={styles.keys}>
                  {keys.map((combo, index) => (
                    <Fragment key={combo.join('+')}>
                      {index > 0 && <span className={styles.or}>or</span>}
                      {combo.map((key) => (
                        <kbd key={key} className={keyStyles.key}>
                          {key}
                        </kbd>
                      ))}
                    </Fragment>
                  ))}
                </dt>
                <dd className={styles.action}>{action}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
