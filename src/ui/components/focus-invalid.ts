/** A field that says it is invalid: the control itself, or a react-aria field around it. */
const INVALID = '[aria-invalid="true"],[data-invalid]';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]),select:not([disabled]),textarea:not([disabled]),button:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * The control a person should land on in a form that shows errors: its first invalid field in
 * document order, else the first link of its error summary (the field is on another tab); null
 * when the form shows no error of a field.
 */
export function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  for (const invalid of form.querySelectorAll<HTMLElement>(INVALID)) {
    const control = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
    if (control && !control.closest('[hidden],[inert]')) return control;
  }
  return form.querySelector<HTMLElement>('.error-summary a[href]');
}

let stopWatching: (() => void) | null = null;

/**
 * After a submit of `target` (a form): focus its first invalid field once errors show (WCAG 3.3.1).
 * Every form of the app gets it, whatever renders it (a form machine's fields, a catalogue form, the
 * login): src/main.tsx calls it from one capture listener for `submit`, loading this module at the
 * first submit (it is no part of a page's first JavaScript).
 * They show after the submit — at once when the form's checks refuse it, or when the server answers
 * 400 — so the form is watched until they do, the person types again, or `watchMs` pass. One form is
 * watched at a time: the next submit ends the last watch.
 */
export function watchSubmittedForm(target: EventTarget | null, watchMs = 15_000): void {
  const form = target as HTMLFormElement | null;
  if (form?.tagName !== 'FORM') return;
  stopWatching?.();
  const focusInvalid = () => {
    const control = firstInvalidControl(form);
    if (!control) return;
    stopWatching?.();
    control.focus();
  };
  const observer = new MutationObserver(focusInvalid);
  observer.observe(form, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-invalid', 'data-invalid'],
  });
  // The form's own submit handler runs after the submit's capture listener; errors it leaves
  // standing (shown before, or refused without a change) are looked for once it has run.
  const first = setTimeout(focusInvalid, 0);
  const timeout = setTimeout(() => stopWatching?.(), watchMs);
  // Typing again means the person has moved on: focus is theirs.
  const onInput = () => stopWatching?.();
  form.addEventListener('input', onInput);
  stopWatching = () => {
    observer.disconnect();
    clearTimeout(first);
    clearTimeout(timeout);
    form.removeEventListener('input', onInput);
    stopWatching = null;
  };
}
