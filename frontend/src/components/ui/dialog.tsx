import { createContext, use, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button.tsx';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** alertdialog for confirmations: no dismissing by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-5xl' } as const;

/**
 * The pinned footer of the dialog being rendered: null until it is mounted, undefined outside any dialog.
 * DialogActions anywhere in a dialog's body render into it, so that the main button is always in sight.
 */
const DialogFooterContext = createContext<HTMLElement | null | undefined>(undefined);

/**
 * A centred modal that fits the window: its title and its footer (the DialogActions of its body) stay in place
 * and only the body scrolls. Focus is trapped inside, Escape closes it, focus returns to the trigger.
 */
export function Dialog({ title, isOpen, onOpenChange, children, role = 'dialog', size = 'md' }: DialogProps) {
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-950/50 p-4 backdrop-blur-[2px]"
    >
      <Modal className={`w-full ${SIZES[size]} rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5`}>
        <AriaDialog role={role} className="flex max-h-[calc(100dvh-2rem)] flex-col outline-none">
          <Heading slot="title" className="shrink-0 px-6 pt-6 pb-4 text-lg font-semibold text-slate-900">
            {title}
          </Heading>
          <div data-dialog-body="" className="min-h-0 overflow-y-auto px-6 pb-6">
            <DialogFooterContext value={footer}>{children}</DialogFooterContext>
          </div>
          <div
            ref={setFooter}
            data-dialog-footer=""
            className="shrink-0 rounded-b-2xl border-t border-slate-200 bg-white px-6 py-4 empty:hidden"
          />
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The row of a dialog's buttons, shown in the dialog's pinned footer wherever it sits in the body (inline when
 * used outside a dialog). A submit button in it lies outside its form: name the form with `form="id"`.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  const footer = use(DialogFooterContext);
  const row = <div className="flex flex-wrap items-center justify-end gap-2">{children}</div>;
  if (footer === undefined) return row;
  // The footer mounts with the dialog; until then (the same commit) there is nothing to show.
  return footer ? createPortal(row, footer) : null;
}

/** A dialog that only informs: one Close button. */
export function DialogCloseActions() {
  return (
    <DialogActions>
      <Button slot="close" variant="secondary">
        Close
      </Button>
    </DialogActions>
  );
}

/** A form dialog's Cancel (closes) and Save (submits the form of id `form`, shows progress) buttons. */
export function DialogFormActions({ isSaving, form }: { isSaving: boolean; form: string }) {
  return (
    <DialogActions>
      <Button slot="close" variant="secondary">
        Cancel
      </Button>
      <Button type="submit" form={form} isPending={isSaving}>
        {isSaving ? 'Saving…' : 'Save'}
      </Button>
    </DialogActions>
  );
}
