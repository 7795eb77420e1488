import { Trans } from '@lingui/react/macro';

/**
 * The dashboard's one-line introduction under its title, the same for every user type: the route
 * draws it above the user's panels, and the build prerenders it into the page `/dashboard` is
 * answered with (./static-pages.tsx), so the first paint shows the page's own title and text.
 */
export function DashboardIntro() {
  return (
    <p>
      <Trans>Your overview: what is new and what needs your attention.</Trans>
    </p>
  );
}
