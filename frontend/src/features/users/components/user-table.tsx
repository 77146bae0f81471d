import type { Schemas } from '@job-casting/contracts';
import { Button } from '../../../components/ui/button.tsx';

type User = Schemas['UserDto'];

const roleBadge: Record<User['role'], string> = {
  superadmin: 'bg-brand-100 text-brand-900',
  admin: 'bg-emerald-100 text-emerald-900',
  user: 'bg-slate-200 text-slate-800',
};

interface UserTableProps {
  users: readonly User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UserTable({ users, currentUserId, onEdit, onDelete }: UserTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Username</th>
            <th scope="col" className="px-4 py-3">Email</th>
            <th scope="col" className="px-4 py-3">Role</th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-slate-50/70">
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {user.name}
                {user.id === currentUserId && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
              </th>
              <td className="px-4 py-3 text-slate-700">{user.username}</td>
              <td className="px-4 py-3 text-slate-700">{user.email}</td>
              <td className="px-4 py-3">
                <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${roleBadge[user.role]}`}>{user.role}</span>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" className="h-8 px-3 text-xs" aria-label={`Edit ${user.name}`} onPress={() => onEdit(user)}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    className="h-8 px-3 text-xs"
                    aria-label={`Delete ${user.name}`}
                    // Deleting one's own account would end the session mid-task; another superadmin can do it.
                    isDisabled={user.id === currentUserId}
                    onPress={() => onDelete(user)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
