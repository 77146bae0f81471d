/** A loading indicator with its text for screen readers and sighted users alike. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600 justify-center">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700"
      />
      {label}
    </div>
  );
}
