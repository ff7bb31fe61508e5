import { useEffect } from 'react';
import { setUndoOffer } from '../../../sync/outbox/outbox-state.ts';
import { useOfferUndo } from '../api/undo.ts';

/**
 * Lets the outbox offer the undo of a destructive or bulk command once the server applied it
 * and answered with a ticket (decisions 025 and 028): the command may have been made offline,
 * long before.
 */
export function useUndoOffers() {
  const offerUndo = useOfferUndo();
  useEffect(() => {
    setUndoOffer(offerUndo);
    return () => setUndoOffer(undefined);
  }, [offerUndo]);
}
