import { Button } from '../../../components/ui/button.tsx';
import { PLACEHOLDERS } from './placeholders.ts';

/** Name, Definition1, Definition2, Definition3: each appends its placeholder to the message. */
export function PlaceholderButtons({ onInsert }: { onInsert: (token: string) => void }) {
  return (
    <div role="group" aria-label="Insert placeholder" className="flex flex-wrap gap-1.5">
      {PLACEHOLDERS.map((placeholder) => (
        <Button
          key={placeholder.token}
          variant="secondary"
          size="sm"
          aria-label={`Insert ${placeholder.label}`}
          onPress={() => onInsert(placeholder.token)}
        >
          {placeholder.label}
        </Button>
      ))}
    </div>
  );
}
