/** The focus ring every interactive element shows for keyboard focus (react-aria sets data-focus-visible). */
export const focusRing =
  'outline-none data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-brand-600';
