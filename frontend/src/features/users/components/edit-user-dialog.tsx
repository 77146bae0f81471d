import type { Schemas } from '@job-casting/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { hasErrors, type FieldErrors } from '../../../lib/validation.ts';
import { updateUser } from '../api/update-user.ts';
import { UserFields } from './user-fields.tsx';
import { toUserBody, validateUserForm, type UserFormField, type UserFormValues } from './user-form.ts';

type User = Schemas['UserDto'];
type Role = User['role'];

const ROLE_OPTIONS = [
  { id: 'admin', label: 'admin' },
  { id: 'superadmin', label: 'superadmin' },
  { id: 'user', label: 'user' },
] as const satisfies readonly { id: Role; label: string }[];

interface EditUserDialogProps {
  user: User | null;
  currentUserId: number;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/** The Edit User modal; the role can be changed for other users, never one's own. */
export function EditUserDialog({ user, currentUserId, onClose, onSaved }: EditUserDialogProps) {
  return (
    <Dialog title="Edit User" isOpen={!!user} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {/* Keyed so that each opening starts from that user's saved values. */}
      {user && <EditUserForm key={user.id} user={user} canChangeRole={user.id !== currentUserId} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditUserForm({
  user,
  canChangeRole,
  onSaved,
}: {
  user: User;
  canChangeRole: boolean;
  onSaved: (user: User) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<UserFormValues>({
    name: user.name,
    username: user.username,
    email: user.email,
    password: '',
    currentPassword: '',
  });
  const [role, setRole] = useState<Role>(user.role);
  const [errors, setErrors] = useState<FieldErrors<UserFormField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateUserForm(values, 'edit');
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await updateUser(user.id, { ...toUserBody(values), ...(canChangeRole ? { role } : {}) }));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update user. Please try again.'));
      setSaving(false);
    }
  };

  return (
    <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      {failure && <Alert>{failure}</Alert>}
      <UserFields
        mode="edit"
        autoFocus
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
      {canChangeRole && <Select label="Role" options={ROLE_OPTIONS} value={role} onChange={setRole} />}
      <DialogFormActions form={formId} isSaving={isSaving} />
    </Form>
  );
}
