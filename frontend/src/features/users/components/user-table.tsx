import type { Schemas } from '@job-casting/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';

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
    <TableScroll label="Users" className="shadow-sm">
      <table className={tableClass}>
        <caption className="sr-only">Users</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell('start')}>
              Name
            </th>
            <th scope="col" className={headCell()}>
              Username
            </th>
            <th scope="col" className={headCell()}>
              Email
            </th>
            <th scope="col" className={`${headCell()} w-full`}>
              Role
            </th>
            <th scope="col" className={`${headCell('end')} w-px text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={tableRow}>
              <th scope="row" className={`${bodyCell('start')} font-medium whitespace-nowrap text-slate-900`}>
                {user.name}
                {user.id === currentUserId && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
              </th>
              <td className={`${bodyCell()} whitespace-nowrap text-slate-700`}>{user.username}</td>
              <td className={`${bodyCell()} whitespace-nowrap text-slate-700`}>{user.email}</td>
              <td className={`${bodyCell()}`}>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${roleBadge[user.role]}`}
                >
                  {user.role}
                </span>
              </td>
              <td className={`${bodyCell('end')}`}>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" size="sm" aria-label={`Edit ${user.name}`} onPress={() => onEdit(user)}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
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
    </TableScroll>
  );
}
