import type { Schemas } from '@job-casting/contracts';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { hasErrors, type FieldErrors } from '../../../lib/validation.ts';
import { updateUser } from '../api/update-user.ts';
import { useUser } from '../api/use-user.ts';
import { UserFields } from '../components/user-fields.tsx';
import {
  serverFieldErrors,
  toUserBody,
  validateUserForm,
  type UserFormField,
  type UserFormValues,
} from '../components/user-form.ts';

export function ProfilePage() {
  const storedUser = useStoredUser();
  const { data: profile, error, isLoading } = useUser(storedUser?.id ?? null);

  return (
    <>
      <PageHeader title="Update Profile" description="Your name, username, e-mail address and password." />
      <Card className="max-w-2xl">
        {isLoading ? (
          <Loading label="Loading profile…" />
        ) : error || !profile ? (
          <Alert>{errorMessage(error, 'Failed to fetch profile data.')}</Alert>
        ) : (
          <ProfileForm key={profile.id} profile={profile} />
        )}
      </Card>
    </>
  );
}

function ProfileForm({ profile }: { profile: Schemas['UserDto'] }) {
  const [values, setValues] = useState<UserFormValues>({
    name: profile.name,
    username: profile.username,
    email: profile.email,
    password: '',
    currentPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<UserFormField>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateUserForm(values, 'profile');
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    setOutcome(null);
    try {
      await updateUser(profile.id, toUserBody(values));
      setValues((current) => ({ ...current, password: '', currentPassword: '' }));
      setOutcome({ tone: 'success', message: 'Profile updated successfully!' });
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setOutcome({ tone: 'error', message: errorMessage(failure, 'Failed to update profile.') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-5">
      {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
      <UserFields
        mode="profile"
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" isPending={isSaving}>
          {isSaving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}
