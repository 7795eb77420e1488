// The page's one script: it loads the app (./main.tsx) once the prerendered page (or the shell with
// its skeleton, scripts/vite-prerender.ts) has been painted, so that the app's JavaScript does not
// compete with the HTML and the stylesheet for the first paint. A hidden tab paints no frames: there
// it starts after 100 ms.
// The stylesheet stays in the page's <head> (render-blocking): the prerendered markup needs it.
import './ui/styles.css';

let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./main');
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
