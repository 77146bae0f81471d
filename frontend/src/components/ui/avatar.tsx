import { useState } from 'react';

/** A round picture of a person or account; their initial when there is no picture or it fails to load. */
export function Avatar({
  name,
  picture,
  size = 'md',
}: {
  name: string;
  picture: string | null | undefined;
  size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState(false);
  const box = size === 'sm' ? 'size-7 text-xs' : 'size-11 text-base';
  if (picture && !failed) {
    return (
      <img
        src={picture}
        alt=""
        width={size === 'sm' ? 28 : 44}
        height={size === 'sm' ? 28 : 44}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${box} shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900`}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
