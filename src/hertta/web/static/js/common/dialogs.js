// Modal dialogs (<dialog>): which are open is part of the page's state, because the game's
// timer pauses while any dialog is open.

import { $ } from "./dom.js";

export class Dialogs {
  constructor(state, onChange) {
    this.state = state;
    this.onChange = onChange;
    for (const dialog of document.querySelectorAll("dialog")) {
      // "close" fires however the dialog ends: a button, Esc, or form submission. It comes a
      // moment after the dialog has closed (a key pressed meanwhile may come first), and the
      // dialog may have been opened again by then.
      dialog.addEventListener("close", () => {
        if (!dialog.open && this.state.openDialogs.delete(dialog.id)) this.onChange();
      });
    }
  }

  /** Whether the dialog is open now (the dialog itself says, not its later "close" event). */
  isOpen(id) {
    return this.state.openDialogs.has(id) && $(id).open;
  }

  get anyOpen() {
    return [...this.state.openDialogs].some((id) => $(id).open);
  }

  open(id) {
    const dialog = $(id);
    if (dialog.open) return;
    this.state.openDialogs.add(id);
    dialog.showModal();
    this.onChange();
  }

  close(id) {
    const dialog = $(id);
    if (dialog.open) dialog.close();
    if (this.state.openDialogs.delete(id)) this.onChange();
  }

  closeAll() {
    for (const id of [...this.state.openDialogs]) this.close(id);
  }
}
