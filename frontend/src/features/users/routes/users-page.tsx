import type { Schemas } from '@job-casting/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.tsx';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { deleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/use-users.ts';
import { DeleteUserDialog } from '../components/delete-user-dialog.tsx';
import { EditUserDialog } from '../components/edit-user-dialog.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { UserTable } from '../components/user-table.tsx';

type User = Schemas['UserDto'];

export function UsersPage() {
  const currentUser = useStoredUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const { data, error, isLoading } = useUsers(page);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  if (!currentUser) return null;

  const confirmDelete = async (user: User) => {
    try {
      await deleteUser(user.id);
      toast.success('User deleted successfully.');
      setDeleting(null);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to delete user.'));
    }
  };

  return (
    <>
      <PageHeader
        title="Manage Users"
        description={data ? `${data.pagination.totalItems} users` : undefined}
        actions={<ButtonLink href={paths.addAdmin}>Add Admin</ButtonLink>}
      />
      {isLoading ? (
        <Card>
          <Loading label="Loading users…" />
        </Card>
      ) : error || !data ? (
        <Alert>{errorMessage(error, 'Failed to fetch users.')}</Alert>
      ) : data.data.length === 0 ? (
        <Card>
          <p className="py-8 text-center text-sm text-slate-600">No users found.</p>
        </Card>
      ) : (
        <>
          <UserTable users={data.data} currentUserId={currentUser.id} onEdit={setEditing} onDelete={setDeleting} />
          <Pager
            pagination={data.pagination}
            onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
      <EditUserDialog
        user={editing}
        currentUserId={currentUser.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          toast.success('User updated successfully.');
          setEditing(null);
        }}
      />
      <DeleteUserDialog user={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </>
  );
}
