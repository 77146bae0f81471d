import type { CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarDatePicker } from '../../../components/ui/calendar-date-picker.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { koreanCalendarToday } from '../../../lib/korean-time.ts';
import { toast } from '../../../lib/toast.tsx';
import { recordConsent } from '../api/opt-outs.ts';

export interface ConsentSubject {
  contactId: number;
  /** The contact as staff know it: its name, else its number. */
  label: string;
}

interface RecordConsentDialogProps {
  subject: ConsentSubject | null;
  onClose: () => void;
  /** Consent older than two years confirmed again: given, with no choice to make. */
  reconfirm?: boolean;
}

/** A contact's advertising consent as of today (given or refused) and how it was given: one record more. */
export function RecordConsentDialog({ subject, onClose, reconfirm = false }: RecordConsentDialogProps) {
  const [given, setGiven] = useState<'given' | 'refused'>('given');
  const [source, setSource] = useState('');
  /** The day it was given or refused, when not today (a form signed earlier, say). */
  const [day, setDay] = useState<CalendarDate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setGiven('given');
    setSource('');
    setDay(null);
    setError(null);
    onClose();
  };
  const save = async () => {
    if (!subject) return;
    if (!source.trim()) return setError('Please say how consent was given.');
    setBusy(true);
    try {
      await recordConsent(
        subject.contactId,
        reconfirm || given === 'given',
        source.trim(),
        reconfirm ? undefined : day?.toString(),
      );
      toast.success(
        reconfirm ? `Consent of ${subject.label} reconfirmed today.` : `Consent of ${subject.label} recorded.`,
      );
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'The consent could not be recorded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={reconfirm ? 'Reconfirm Consent' : 'Record Consent'}
      size="sm"
      isOpen={subject !== null}
      onOpenChange={(isOpen) => !isOpen && close()}
    >
      <form
        id="consent-form"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="text-sm text-slate-700">
          {reconfirm
            ? `${subject?.label} agreed again today to receive advertising.`
            : `Advertising consent of ${subject?.label}: given or refused, on which day, and how.`}
        </p>
        {!reconfirm && (
          <SegmentedChoice
            label="Advertising"
            options={[
              { id: 'given', label: 'Consent given' },
              { id: 'refused', label: 'Refused' },
            ]}
            value={given}
            onChange={setGiven}
          />
        )}
        {!reconfirm && (
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-800">Day</span>
            <CalendarDatePicker
              label="Day"
              value={day ?? koreanCalendarToday()}
              maxValue={koreanCalendarToday()}
              onChange={setDay}
            />
          </div>
        )}
        <TextField
          label="How"
          value={source}
          onChange={setSource}
          maxLength={200}
          placeholder="e.g. application form, phone call"
          autoFocus
        />
        {error && <Alert>{error}</Alert>}
      </form>
      <DialogActions>
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        <Button type="submit" form="consent-form" isPending={busy}>
          Record Consent
        </Button>
      </DialogActions>
    </Dialog>
  );
}
