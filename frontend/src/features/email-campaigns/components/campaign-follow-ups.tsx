import { MAX_FOLLOW_UPS } from '@job-casting/rules';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';

/** A follow-up as staff set it up: so many days after the e-mail before it, a template's text. */
export interface FollowUpDraft {
  afterDays: number;
  templateId: number | null;
}

/** The waits staff choose from (the server takes any whole number of days up to 30). */
const DAY_CHOICES = [1, 2, 3, 4, 5, 7, 10, 14, 21, 30].map((days) => ({
  id: days,
  label: days === 1 ? '1 day' : `${days} days`,
}));
const ORDINALS = ['First', 'Second'];

/**
 * Up to two follow-ups of a campaign's e-mails. Each goes in the thread of the e-mail before it, a number of days
 * later, unless the customer replied or the address bounced.
 */
export function FollowUpSteps({
  steps,
  templates,
  onChange,
}: {
  steps: readonly FollowUpDraft[];
  templates: readonly { id: number; title: string }[];
  onChange: (steps: FollowUpDraft[]) => void;
}) {
  const change = (index: number, step: Partial<FollowUpDraft>) =>
    onChange(steps.map((current, at) => (at === index ? { ...current, ...step } : current)));
  return (
    <section aria-label="Follow-ups" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Follow-ups</h3>
        <p className="text-sm text-slate-700">
          In the same thread, only to customers who have not replied; a reply or a bounce stops them.
        </p>
      </div>
      {steps.map((step, index) => (
        <div key={index} className="flex flex-wrap items-end gap-3">
          <div className="w-36">
            <Select
              label={`${ORDINALS[index]} follow-up after`}
              options={DAY_CHOICES}
              value={step.afterDays}
              onChange={(afterDays) => change(index, { afterDays })}
            />
          </div>
          <div className="min-w-56 flex-1">
            <Select
              label={`${ORDINALS[index]} follow-up template`}
              placeholder="Select a template"
              options={templates.map((template) => ({ id: template.id, label: template.title }))}
              value={step.templateId}
              onChange={(templateId) => change(index, { templateId })}
            />
          </div>
          {/* Only the last one goes: a second follow-up follows the first. */}
          {index === steps.length - 1 && (
            <Button variant="secondary" onPress={() => onChange(steps.slice(0, -1))}>
              Remove {ORDINALS[index]} Follow-up
            </Button>
          )}
        </div>
      ))}
      {steps.length < MAX_FOLLOW_UPS && (
        <div>
          <Button
            size="sm"
            variant="secondary"
            onPress={() => onChange([...steps, { afterDays: 3, templateId: null }])}
          >
            Add Follow-up
          </Button>
        </div>
      )}
    </section>
  );
}
