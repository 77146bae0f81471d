import { ProgressBar } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TONE_CLASSES } from './send-labels.ts';
import type { SendOutcome } from './send-outcome.ts';
import { SendReviewDialog } from './send-review-dialog.tsx';
import { SEND_STEPS, type SendProgress, type useMessageSending } from './use-message-sending.ts';

/** While a send is under way: its step of four and what happens now. It cannot be closed meanwhile. */
export function SendProgressDialog({ progress }: { progress: SendProgress | null }) {
  return (
    <Dialog title="Sending" role="alertdialog" size="sm" isOpen={progress !== null} onOpenChange={() => {}}>
      {progress && (
        <ProgressBar
          value={progress.step}
          maxValue={SEND_STEPS}
          valueLabel={`[${progress.step}/${SEND_STEPS}]`}
          className="flex flex-col gap-2"
        >
          {({ percentage }) => (
            <>
              <p className="text-sm text-slate-800">
                <span className="font-semibold tabular-nums">
                  [{progress.step}/{SEND_STEPS}]
                </span>{' '}
                {progress.message}
              </p>
              <div className="h-2 overflow-hidden rounded-full bg-slate-200">
                <div
                  className="h-full rounded-full bg-brand-700 transition-[width]"
                  style={{ width: `${percentage}%` }}
                />
              </div>
            </>
          )}
        </ProgressBar>
      )}
    </Dialog>
  );
}

/** The results of a send: how many the gateway took, how many failed, and what became of them so far. */
export function SendResultsDialog({
  outcome,
  onConfirm,
  onResend,
}: {
  outcome: SendOutcome | null;
  onConfirm: () => void;
  onResend?: (outcome: SendOutcome) => void;
}) {
  return (
    <Dialog title="Sending Results" size="sm" isOpen={outcome !== null} onOpenChange={(open) => !open && onConfirm()}>
      {outcome && (
        <>
          <p className="mb-3 text-sm text-slate-700">
            State:{' '}
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[outcome.badge.tone]}`}>
              {outcome.badge.label}
            </span>
          </p>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-emerald-50 px-4 py-3">
              <dt className="text-xs font-semibold text-emerald-800">Success</dt>
              <dd className="text-2xl font-bold tabular-nums text-emerald-900">{outcome.success}</dd>
            </div>
            <div className="rounded-lg bg-red-50 px-4 py-3">
              <dt className="text-xs font-semibold text-red-800">Failure</dt>
              <dd className="text-2xl font-bold tabular-nums text-red-900">{outcome.failure}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-slate-800">{outcome.message}</p>
          <DialogActions>
            {onResend && outcome.failed > 0 && (
              <Button variant="secondary" onPress={() => onResend(outcome)}>
                Resend failed ({outcome.failed})
              </Button>
            )}
            <Button autoFocus onPress={onConfirm}>
              Confirm
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * The dialogs of a send, in order: its review (Confirm Sender List), its progress, its results with Resend failed,
 * which opens the review of the failed messages.
 */
export function SendingDialogs({ sending }: { sending: ReturnType<typeof useMessageSending> }) {
  return (
    <>
      <SendReviewDialog review={sending.reviewing} onClose={sending.closeReview} onSend={sending.confirm} />
      <SendProgressDialog progress={sending.progress} />
      <SendResultsDialog
        outcome={sending.outcome}
        onConfirm={sending.closeOutcome}
        onResend={(outcome) => {
          sending.closeOutcome();
          void sending.resendFailed(outcome.sendId);
        }}
      />
    </>
  );
}
