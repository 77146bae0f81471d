import { useId, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import type { Contact } from '../api/contacts-keys.ts';
import { nameOf } from './contact-row.tsx';

function MemoForm({ contact, onSave }: { contact: Contact; onSave: (memo: string) => void }) {
  const formId = useId();
  const [memo, setMemo] = useState(contact.memo);
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(memo);
      }}
    >
      <TextField value={memo} onChange={setMemo} autoFocus className="flex flex-col gap-1.5">
        <Label className="text-sm font-medium text-slate-800">Memo</Label>
        <TextArea
          rows={8}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40"
        />
      </TextField>
      <DialogFormActions form={formId} isSaving={false} />
    </form>
  );
}

/** The memo editor of one contact. */
export function MemoEditorDialog({
  contact,
  onSave,
  onClose,
}: {
  contact: Contact | null;
  onSave: (contact: Contact, memo: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={contact ? `Memo: ${nameOf(contact)}` : 'Memo'}
      isOpen={contact !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {contact && <MemoForm contact={contact} onSave={(memo) => onSave(contact, memo)} />}
    </Dialog>
  );
}
