import { useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { Recipient } from './recipients.ts';

type EditableField = 'name' | 'phoneNumber' | 'definition1' | 'definition2' | 'definition3' | 'messageContent';

function RecipientForm({ recipient, onSave }: { recipient: Recipient; onSave: (recipient: Recipient) => void }) {
  const formId = useId();
  const [values, setValues] = useState(recipient);
  const [phoneError, setPhoneError] = useState<string>();
  const set = (field: EditableField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <Form
      id={formId}
      validationBehavior="aria"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.phoneNumber.trim()) return setPhoneError('Please enter a phone number.');
        // A message typed here is this recipient's own: the status follows whether there is one.
        onSave({
          ...values,
          phoneNumber: values.phoneNumber.trim(),
          isConfigured: values.messageContent.trim() !== '',
        });
      }}
    >
      <TextField label="Name" value={values.name} onChange={set('name')} autoFocus />
      <TextField
        label="Phone Number"
        type="tel"
        value={values.phoneNumber}
        onChange={set('phoneNumber')}
        error={phoneError}
        isRequired
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Definition1" value={values.definition1} onChange={set('definition1')} />
        <TextField label="Definition2" value={values.definition2} onChange={set('definition2')} />
        <TextField label="Definition3" value={values.definition3} onChange={set('definition3')} />
      </div>
      <TextAreaField label="Message Content" rows={5} value={values.messageContent} onChange={set('messageContent')} />
      <DialogFormActions form={formId} isSaving={false} />
    </Form>
  );
}

interface RecipientEditDialogProps {
  /** Open while set. */
  recipient: Recipient | null;
  onSave: (recipient: Recipient) => void;
  onClose: () => void;
}

/** A recipient's name, number, definitions and message, changed for this send only (the address book keeps its own). */
export function RecipientEditDialog({ recipient, onSave, onClose }: RecipientEditDialogProps) {
  return (
    <Dialog title="Edit Contact" isOpen={recipient !== null} onOpenChange={(open) => !open && onClose()}>
      {recipient && <RecipientForm recipient={recipient} onSave={onSave} />}
    </Dialog>
  );
}
