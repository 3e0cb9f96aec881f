// A second tap right after a card was played lands where the hand has just moved: on another
// card, which was then played too (when the turn came straight back: the person took the trick,
// or computer players answered in milliseconds) or refused with a red message. So for a moment
// after a card leaves the hand, taps on the hand are let go; `#hand[data-settled]` says when it
// listens again ("0" / "1"), for the page's styles and its tests.

/** Long enough for a double tap's second press, short of any deliberate next choice. */
export const HAND_SETTLE_MS = 400;

export class HandSettle {
  constructor(hand) {
    this.hand = hand;
    this.timer = null;
    hand.dataset.settled = "1";
  }

  /** Whether a tap on the hand counts now. */
  get settled() {
    return this.timer === null;
  }

  /** The card played was refused and stayed in the hand: the next tap counts at once. */
  release() {
    clearTimeout(this.timer);
    this.timer = null;
    this.hand.dataset.settled = "1";
  }

  /** A card was just played from the hand. */
  played() {
    clearTimeout(this.timer);
    this.hand.dataset.settled = "0";
    this.timer = setTimeout(() => {
      this.timer = null;
      this.hand.dataset.settled = "1";
    }, HAND_SETTLE_MS);
  }
}
