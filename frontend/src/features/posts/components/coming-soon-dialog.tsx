import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

export interface ComingSoon {
  title: string;
  /** What the feature arrives with, e.g. "e-mail sending". */
  arrivesWith: string;
}

/** Stands in for a dialog whose feature is not built yet, so that every button of the screen already exists. */
export function ComingSoonDialog({ feature, onClose }: { feature: ComingSoon | null; onClose: () => void }) {
  return (
    <Dialog title={feature?.title ?? ''} size="sm" isOpen={!!feature} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <p className="text-sm text-slate-700">This feature is coming with {feature?.arrivesWith}.</p>
      <div className="mt-6 flex justify-end">
        <Button slot="close" variant="secondary" autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
