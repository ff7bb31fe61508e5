/**
 * Turns taken one at a time, in the order asked for: `take` waits for every earlier turn to be
 * given back, then answers the function that gives this one back (calling it again does nothing).
 */
export function createTurns() {
  let last: Promise<void> = Promise.resolve();
  return {
    async take(): Promise<() => void> {
      let giveBack!: () => void;
      const mine = new Promise<void>((resolve) => (giveBack = resolve));
      const before = last;
      last = before.then(() => mine);
      await before;
      return giveBack;
    },
  };
}
