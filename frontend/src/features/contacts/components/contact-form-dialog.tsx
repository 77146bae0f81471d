import { EMAIL_ADDRESS_REQUIRED, isContactEmail } from '@job-casting/rules';
import { useId, useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { Contact } from '../api/contacts-keys.ts';

export interface ContactFormValues {
  groupId: number | null;
  contactName: string;
  chatWindowName: string;
  phoneNumber: string;
  email: string;
  memo: string;
}

export const NAME_REQUIRED = 'Name is required';
const NO_GROUP = 0;

interface ContactFormDialogProps {
  title: 'Add Contact' | 'Edit Contact';
  /** Open while set: the contact's values (or the blanks of a new one). */
  initial: ContactFormValues | null;
  groups: readonly { id: number; name: string }[];
  /** Resolves to a message for the Name field, or null when done. */
  onSubmit: (values: ContactFormValues) => Promise<string | null>;
  onClose: () => void;
  /** Hands the phone to the Duplicate Check tab (Edit Contact only). */
  onCheckDuplicates?: (phone: string) => void;
}

export function contactFormValues(contact: Contact): ContactFormValues {
  const { groupId, contactName, chatWindowName, phoneNumber, email, memo } = contact;
  return { groupId, contactName, chatWindowName, phoneNumber, email, memo };
}

export const BLANK_CONTACT = (groupId: number | null): ContactFormValues => ({
  groupId,
  contactName: '',
  chatWindowName: '',
  phoneNumber: '',
  email: '',
  memo: '',
});

function ContactForm({
  initial,
  groups,
  onSubmit,
  onCheckDuplicates,
}: { initial: ContactFormValues } & Pick<ContactFormDialogProps, 'groups' | 'onSubmit' | 'onCheckDuplicates'>) {
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [nameError, setNameError] = useState<string | undefined>();
  const [emailError, setEmailError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const set = (field: keyof ContactFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const nameProblem = values.contactName.trim() ? undefined : NAME_REQUIRED;
        // The server refuses anything but an address (or blank); said here, beside the field.
        const emailProblem = isContactEmail(values.email) ? undefined : EMAIL_ADDRESS_REQUIRED;
        setNameError(nameProblem);
        setEmailError(emailProblem);
        if (nameProblem || emailProblem) return;
        setSaving(true);
        try {
          const problem = await onSubmit({
            ...values,
            contactName: values.contactName.trim(),
            email: values.email.trim(),
          });
          if (problem) setNameError(problem);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Select
        label="Group"
        value={values.groupId ?? NO_GROUP}
        options={[{ id: NO_GROUP, label: 'No group' }, ...groups.map((group) => ({ id: group.id, label: group.name }))]}
        onChange={(id) => setValues((current) => ({ ...current, groupId: id === NO_GROUP ? null : id }))}
      />
      <TextField
        label="Name"
        value={values.contactName}
        onChange={set('contactName')}
        isRequired
        error={nameError}
        autoFocus
      />
      <TextField label="Conversation name" value={values.chatWindowName} onChange={set('chatWindowName')} />
      <TextField label="Phone_Number" type="tel" value={values.phoneNumber} onChange={set('phoneNumber')} />
      {onCheckDuplicates && values.phoneNumber.trim() !== '' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => onCheckDuplicates(values.phoneNumber.trim())}>
            Check Duplicates
          </Button>
          {/* What was sent to the number, its opt-outs and consent, in a new tab beside the unsaved form. */}
          <ButtonLink
            variant="secondary"
            href={paths.outreach(values.phoneNumber.trim())}
            target="_blank"
            rel="noopener"
          >
            Outreach History & Consent
          </ButtonLink>
        </div>
      )}
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={(value) => {
          set('email')(value);
          setEmailError(undefined);
        }}
        error={emailError}
      />
      <AriaTextField value={values.memo} onChange={set('memo')} className="flex flex-col gap-1.5">
        <Label className="text-sm font-medium text-slate-800">Memo</Label>
        <TextArea
          rows={3}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40"
        />
      </AriaTextField>
      <DialogFormActions form={formId} isSaving={isSaving} />
    </form>
  );
}

/** The Add Contact and Edit Contact dialogs: Group, Name, Conversation name, Phone_Number, Email, Memo (spec §2). */
export function ContactFormDialog({
  title,
  initial,
  groups,
  onSubmit,
  onClose,
  onCheckDuplicates,
}: ContactFormDialogProps) {
  return (
    <Dialog title={title} isOpen={initial !== null} onOpenChange={(open) => !open && onClose()}>
      {initial && (
        <ContactForm initial={initial} groups={groups} onSubmit={onSubmit} onCheckDuplicates={onCheckDuplicates} />
      )}
    </Dialog>
  );
}
