// How long animations last, and the FLIP steps both games build on: measure where elements are
// (First), change the DOM (Last), then play each element from its old place to its new one
// (Invert, Play) with element.animate. A duration of 0 (the setting "off", or the system asking
// for reduced motion) means nothing moves and nothing waits.

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** The animation length for this page (0 under reduced motion), also set as CSS --anim-ms. */
export function motionMs(configuredMs) {
  const ms = reducedMotion.matches ? 0 : configuredMs;
  document.documentElement.style.setProperty("--anim-ms", `${ms}ms`);
  // Decorations that only move (a win's rising hearts) are left out where nothing may move.
  document.documentElement.dataset.motion = ms ? "on" : "off";
  return ms;
}

/**
 * The person changed settings in another page (the `settings` event): read the ones a page
 * takes at load (the animation speed, the trick's pause) again, so an open game follows them
 * without a reload. Calls `apply(settings)`; a failed read keeps the page as it is.
 */
export function followSettings(events, apply) {
  if (!events.some((event) => event.type === "settings")) return;
  fetch("/api/settings", { credentials: "same-origin" })
    .then((reply) => (reply.ok ? reply.json() : Promise.reject(reply.status)))
    .then(apply)
    .catch(() => undefined);
}

export function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** How far the centre of `from` lies from the centre of `to`. */
export function offset(from, to) {
  const a = centre(from);
  const b = centre(to);
  return { dx: a.x - b.x, dy: a.y - b.y };
}

/** First: where each element is now. */
export function measure(elements) {
  const rects = new Map();
  for (const element of elements) rects.set(element, element.getBoundingClientRect());
  return rects;
}

/**
 * Play `element` from the box `first` (measured before the DOM changed) to where it is now,
 * scaling between the two sizes. Returns the animation, or null when there is nothing to play.
 */
export function flipFrom(element, first, ms, { easing = "cubic-bezier(.2,.7,.3,1)", opacity = 1 } = {}) {
  if (!ms || !first || !element.isConnected) return null;
  const last = element.getBoundingClientRect();
  if (!last.width || !last.height) return null;
  const { dx, dy } = offset(first, last);
  const scale = first.width / last.width;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(scale - 1) < 0.01 && opacity === 1) return null;
  // Start from the old box on top of the element's own transform (a lifted card stays lifted);
  // only a first keyframe (offset 0), so the animation ends on whatever the stylesheet says now.
  const own = getComputedStyle(element).transform;
  const base = own === "none" ? "" : ` ${own}`;
  return element.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})${base}`, opacity, offset: 0 }],
    { duration: ms, easing },
  );
}

/** Slide every measured element that is still on the page from its old place to its new one. */
export function slideAll(rects, ms) {
  const animations = [];
  for (const [element, first] of rects) {
    const animation = flipFrom(element, first, ms);
    if (animation) animations.push(animation);
  }
  return animations;
}

/**
 * A copy of `element` fixed where it is now, for animating something that is about to leave the
 * page (its own element goes with the next render). Call `ghost.remove()` or let `fly` do it.
 */
export function ghostOf(element) {
  const rect = element.getBoundingClientRect();
  const ghost = element.cloneNode(true);
  ghost.removeAttribute("id");
  ghost.setAttribute("aria-hidden", "true");
  ghost.tabIndex = -1;
  ghost.classList.add("ghost");
  Object.assign(ghost.style, {
    position: "fixed",
    left: `${rect.left}px`,
    top: `${rect.top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
    margin: "0",
    // The measured box already includes any transform (a lifted, selected card).
    transform: "none",
  });
  return { ghost, rect };
}

/** Remove a ghost however its animation ends. */
export function removeAfter(animation, ghost) {
  animation.onfinish = () => ghost.remove();
  animation.oncancel = () => ghost.remove();
  return animation;
}

/** Resolves once every animation has ended (finished or cancelled). */
export function settled(animations) {
  return Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
}

/** A pause of `ms` (no timer at all for 0, so switched-off animations cost nothing). */
export function pause(ms) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
