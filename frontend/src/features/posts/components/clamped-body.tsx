import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { safeHtml } from '../../../lib/safe-html.ts';

interface ClampedBodyProps {
  /** Sanitised HTML from the API; sanitised again here. */
  html: string;
  label: string;
  lang: string;
}

/** Whether the element's content is taller than the element shows. */
export function overflows(element: Pick<HTMLElement, 'scrollHeight' | 'clientHeight'>): boolean {
  // A pixel of slack: rounding of line heights may leave one.
  return element.scrollHeight > element.clientHeight + 1;
}

/** A post's description, clamped to a few lines with More and Less when it is longer (the card's fields stay in view). */
export function ClampedBody({ html, label, lang }: ClampedBodyProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [isExpanded, setExpanded] = useState(false);
  const [isLong, setLong] = useState(false);

  // Measured while clamped, again when the text or the width changes; expanded, the last answer holds.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || isExpanded) return;
    const measure = () => setLong(overflows(element));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [html, isExpanded]);

  return (
    <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3">
      <div
        ref={ref}
        id={id}
        role="region"
        aria-label={label}
        lang={lang}
        className={`post-body text-sm leading-relaxed text-slate-800 ${isExpanded ? '' : 'line-clamp-6'}`}
        dangerouslySetInnerHTML={{ __html: safeHtml(html) }}
      />
      {isLong && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          aria-expanded={isExpanded}
          aria-controls={id}
          onPress={() => setExpanded(!isExpanded)}
        >
          {isExpanded ? 'Less' : 'More'}
        </Button>
      )}
    </div>
  );
}
