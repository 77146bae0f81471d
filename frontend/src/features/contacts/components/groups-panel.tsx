import { Header, ListBox, ListBoxItem, ListBoxSection, type Key } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import type { ContactView, GroupChoice, GroupList } from '../api/contacts-keys.ts';

interface GroupsPanelProps {
  groups: GroupList | undefined;
  choice: GroupChoice | null;
  onChoose: (choice: GroupChoice) => void;
  onAddGroup: () => void;
  onDeleteGroup: () => void;
}

const keyOf = (choice: GroupChoice) => (choice.kind === 'view' ? `view:${choice.view}` : `group:${choice.id}`);

function choiceOf(key: Key): GroupChoice {
  const [kind, value] = String(key).split(':') as [string, string];
  return kind === 'view' ? { kind: 'view', view: value as ContactView } : { kind: 'group', id: Number(value) };
}

const itemClass = `flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none
  data-hovered:bg-slate-100 data-focus-visible:ring-2 data-focus-visible:ring-brand-600 data-selected:bg-brand-100 data-selected:font-semibold data-selected:text-brand-900`;

function Item({ id, name, count }: { id: string; name: string; count: number }) {
  return (
    <ListBoxItem id={id} textValue={name} className={itemClass}>
      <span className="truncate">{name}</span>
      <span className="text-xs tabular-nums text-slate-600">{count}</span>
    </ListBoxItem>
  );
}

/** The left panel: system groups with their counts, then the book's groups; Add Group and Delete Group. */
export function GroupsPanel({ groups, choice, onChoose, onAddGroup, onDeleteGroup }: GroupsPanelProps) {
  return (
    <aside aria-label="Groups panel" className="flex w-full shrink-0 flex-col gap-3 lg:w-60">
      <ListBox
        aria-label="Groups"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={choice ? [keyOf(choice)] : []}
        onSelectionChange={(keys) => {
          const [key] = [...(keys as Set<Key>)];
          if (key !== undefined) onChoose(choiceOf(key));
        }}
        renderEmptyState={() => <p className="px-3 py-2 text-sm text-slate-600">Loading groups…</p>}
        className="flex max-h-[min(560px,calc(100vh-460px))] min-h-40 flex-col gap-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1.5"
      >
        {groups && (
          <ListBoxSection aria-label="System groups" className="flex flex-col gap-0.5 border-b border-slate-200 pb-1.5">
            {groups.systemGroups.map((group) => (
              <Item key={group.view} id={`view:${group.view}`} name={group.name} count={group.contactCount} />
            ))}
          </ListBoxSection>
        )}
        {groups && (
          <ListBoxSection className="flex flex-col gap-0.5 pt-1.5">
            <Header className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Groups</Header>
            {groups.groups.map((group) => (
              <Item key={group.id} id={`group:${group.id}`} name={group.name} count={group.contactCount} />
            ))}
          </ListBoxSection>
        )}
      </ListBox>
      <div className="flex gap-2">
        <Button variant="secondary" className="h-9 flex-1 px-2!" onPress={onAddGroup}>
          Add Group
        </Button>
        <Button variant="secondary" className="h-9 flex-1 px-2!" onPress={onDeleteGroup}>
          Delete Group
        </Button>
      </div>
    </aside>
  );
}
