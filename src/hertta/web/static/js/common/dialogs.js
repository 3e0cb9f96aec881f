// Modal dialogs (<dialog>): which are open is part of the page's state, because the game's
// timer pauses while any dialog is open.

import { $ } from "./dom.js";

export class Dialogs {
  constructor(state, onChange) {
    this.state = state;
    this.onChange = onChange;
    for (const dialog of document.querySelectorAll("dialog")) {
      // "close" fires however the dialog ends: a button, Esc, or form submission.
      dialog.addEventListener("close", () => {
        if (this.state.openDialogs.delete(dialog.id)) this.onChange();
      });
    }
  }

  isOpen(id) {
    return this.state.openDialogs.has(id);
  }

  get anyOpen() {
    return this.state.openDialogs.size > 0;
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
