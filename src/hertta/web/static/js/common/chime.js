// A short two-note chime made by the browser itself (Web Audio: no sound file to load or
// cache). A browser lets a page make sound only once the person has pressed something on it;
// until then the chime is silent, which is what a page just opened should be anyway.

let context = null;

/** Play the chime; false where the browser has no Web Audio. */
export function chime() {
  const AudioContext = window.AudioContext ?? window.webkitAudioContext;
  if (!AudioContext) return false;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") context.resume().catch(() => undefined);
    const start = context.currentTime + 0.01;
    [[784, 0], [1175, 0.11]].forEach(([frequency, delay]) => {
      const tone = context.createOscillator();
      const level = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      // Quick in, slow out: a soft bell, not a click.
      level.gain.setValueAtTime(0.0001, start + delay);
      level.gain.exponentialRampToValueAtTime(0.12, start + delay + 0.015);
      level.gain.exponentialRampToValueAtTime(0.0001, start + delay + 0.45);
      tone.connect(level).connect(context.destination);
      tone.start(start + delay);
      tone.stop(start + delay + 0.5);
    });
    return true;
  } catch {
    return false;  // a browser that refuses sound here: the turn is still shown and read out
  }
}
