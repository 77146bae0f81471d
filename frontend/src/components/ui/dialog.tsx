import type { ReactNode } from 'react';
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

/** A centred modal: focus is trapped inside, Escape closes it, focus returns to the trigger. */
export function Dialog({ title, isOpen, onOpenChange, children, role = 'dialog', size = 'md' }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-950/50 p-4 backdrop-blur-[2px]
       "
    >
      <Modal
        className={`w-full ${SIZES[size]} rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5`}
      >
        <AriaDialog role={role} className="max-h-[85vh] overflow-y-auto p-6 outline-none">
          <Heading slot="title" className="mb-4 text-lg font-semibold text-slate-900">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The row of a dialog's buttons, at its end. */
export function DialogActions({ children, className = 'mt-6' }: { children: ReactNode; className?: string }) {
  return <div className={`${className} flex justify-end gap-2`}>{children}</div>;
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

/** A form dialog's Cancel (closes) and Save (submits, shows progress) buttons. */
export function DialogFormActions({ isSaving, className = 'mt-4' }: { isSaving: boolean; className?: string }) {
  return (
    <DialogActions className={className}>
      <Button slot="close" variant="secondary">
        Cancel
      </Button>
      <Button type="submit" isPending={isSaving}>
        {isSaving ? 'Saving…' : 'Save'}
      </Button>
    </DialogActions>
  );
}
