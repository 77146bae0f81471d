import { useEffect } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import { Loading } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.tsx';
import { useMessageTemplates } from '../api/message-templates.ts';
import type { MessageTemplate } from '../api/messaging-types.ts';

const itemClass = `flex cursor-pointer flex-col gap-0.5 rounded-md px-3 py-2 text-sm outline-none data-hovered:bg-slate-100
  data-focused:bg-brand-50 data-focus-visible:ring-2 data-focus-visible:ring-brand-600`;

interface TemplatePickerProps {
  selectedId: string | null;
  onPick: (template: MessageTemplate) => void;
}

/** Open Template's list: arrow keys move through the templates, Enter (or a click) loads one into the editor. */
export function TemplatePicker({ selectedId, onPick }: TemplatePickerProps) {
  const templates = useMessageTemplates(true);

  useEffect(() => {
    if (templates.error) toast.error('An error occurred while loading the template list.');
  }, [templates.error]);

  if (!templates.data && !templates.error) return <Loading label="Loading templates…" />;
  // A failed read shows no list rather than a stale one (spec §8).
  const list = templates.error ? [] : (templates.data ?? []);

  return (
    <ListBox
      aria-label="Templates"
      autoFocus="first"
      items={list}
      onAction={(key) => {
        const template = list.find((candidate) => candidate.id === key);
        if (template) onPick(template);
      }}
      renderEmptyState={() =>
        templates.error ? (
          // Spec §8: the sender's template list, when it cannot be read.
          <p role="alert" className="px-3 py-4 text-center text-sm text-red-800">
            Failed to fetch templates
          </p>
        ) : (
          <p className="px-3 py-4 text-center text-sm text-slate-600">No templates registered</p>
        )
      }
      className="flex max-h-56 flex-col gap-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1.5"
    >
      {(template) => (
        <ListBoxItem id={template.id} textValue={template.title} className={itemClass}>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate font-medium text-slate-900">{template.title || 'no title'}</span>
            {template.id === selectedId && (
              <span className="shrink-0 text-xs font-semibold text-brand-800">In the editor</span>
            )}
          </span>
          <span className="truncate text-xs text-slate-600">{template.message || 'no message'}</span>
        </ListBoxItem>
      )}
    </ListBox>
  );
}
