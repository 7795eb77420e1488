/**
 * A piece of the app's code that could not be fetched (the server down while a link was followed).
 * main.tsx marks it from Vite's `vite:preloadError`; the error boundary then says the server is not
 * reachable. The browser keeps a failed module as failed for the page's lifetime, so only a reload
 * fetches it again — and a reload while the server is down would leave for the browser's error page:
 * `reloadWhenReachable` reloads only once the server answers.
 */
export const codeLoad = {
  failed: false,
  /** True when the server answered and the page reloads; false while it still does not answer. */
  async reloadWhenReachable(): Promise<boolean> {
    try {
      const answer = await fetch('/', { method: 'HEAD', cache: 'no-store' });
      if (!answer.ok) return false;
    } catch {
      return false;
    }
    window.location.reload();
    return true;
  },
};
