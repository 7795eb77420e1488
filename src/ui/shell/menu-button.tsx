import { Trans, useLingui } from '@lingui/react/macro';

/** The button that folds a navigation away under 768 px (the app bar's and the agent shell's). */
export function MenuButton({
  open,
  controls,
  className,
  onToggle,
}: {
  open: boolean;
  /** The id of the navigation it opens. */
  controls: string;
  className: string;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={className}
      aria-label={t`Menu`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
      </svg>
      <span>
        <Trans>Menu</Trans>
      </span>
    </button>
  );
}
