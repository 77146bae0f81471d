import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resolveColumns } from './column-layout.ts';
import { contactFixture } from './contact-fixture.ts';
import type { RowHandlers } from './contact-row.tsx';
import { ContactTable } from './contact-table.tsx';
import { NO_CHANGES } from './pending-changes.ts';
import type { VirtualRowsHandle } from './virtual-rows.tsx';

const ROW_HEIGHT = 40;
const contacts = Array.from({ length: 300 }, (_, i) => contactFixture(i + 1, { contactName: `연락처 ${i + 1}` }));
// An old import's spellings and codes: shown as they are until someone picks a listed value.
contacts[1] = { ...contacts[1]!, checklistConfirm: '불일치', completionStatus: '2' };

function renderTable() {
  const handlers: RowHandlers = { check: vi.fn(), edit: vi.fn(), act: vi.fn() };
  render(
    <ContactTable
      tableRef={createRef<VirtualRowsHandle>()}
      rows={contacts}
      columns={resolveColumns(null)}
      pending={NO_CHANGES}
      cut={new Set()}
      handlers={handlers}
      onSelectAll={vi.fn()}
      onDeleteSelected={vi.fn()}
      onResize={vi.fn()}
      onFirstRowChange={vi.fn()}
    />,
  );
  const table = screen.getByRole('table', { name: 'Contacts' });
  // jsdom does no layout: the scroll position is whatever the test sets.
  let scrollTop = 0;
  Object.defineProperty(table, 'scrollTop', { get: () => scrollTop, set: (value: number) => (scrollTop = value) });
  const scrollToRow = async (index: number) => {
    scrollTop = index * ROW_HEIGHT;
    fireEvent.scroll(table);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  };
  return { handlers, scrollToRow };
}

const nameInput = (id: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Name of 연락처 ${id}` });
const rowIndexes = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number(row.getAttribute('aria-rowindex')));

// jsdom builds ~30 windowed rows of 20 cells: seconds on a busy machine, not a browser's milliseconds.
describe('ContactTable', { timeout: 20_000 }, () => {
  it('keeps selection and name at the start and Edit and Delete at the end, header and rows alike', () => {
    renderTable();
    const cellOf = (element: HTMLElement) => element.closest<HTMLElement>('[role=cell], [role=columnheader]')!;
    const frozen = (element: HTMLElement) => ({
      sticky: cellOf(element).className.includes('sticky'),
      left: cellOf(element).style.left,
      right: cellOf(element).style.right,
    });
    expect(frozen(screen.getByRole('checkbox', { name: 'Select 연락처 1' }))).toEqual({
      sticky: true,
      left: '0px',
      right: '',
    });
    expect(frozen(nameInput(1))).toEqual({ sticky: true, left: '50px', right: '' });
    expect(frozen(screen.getByRole('button', { name: 'Edit 연락처 1' }))).toEqual({
      sticky: true,
      left: '',
      right: '80px',
    });
    expect(frozen(screen.getByRole('button', { name: 'Delete 연락처 1' }))).toEqual({
      sticky: true,
      left: '',
      right: '0px',
    });
    expect(frozen(screen.getByRole('textbox', { name: 'Email of 연락처 1' })).sticky).toBe(false);
    expect(frozen(screen.getByRole('checkbox', { name: 'Select All' }))).toEqual({
      sticky: true,
      left: '0px',
      right: '',
    });
    expect(frozen(screen.getByRole('separator', { name: 'Resize Delete' }))).toEqual({
      sticky: true,
      left: '',
      right: '0px',
    });
  });

  it('keeps a cell being edited with its contact while it stays in view, and commits it for that contact when it leaves', async () => {
    const { handlers, scrollToRow } = renderTable();
    const input = nameInput(3);
    act(() => input.focus());
    input.value = '새 이름';

    // A short scroll: the row stays, with its input, its focus and what was typed.
    await scrollToRow(2);
    expect(nameInput(3)).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('새 이름');
    expect(handlers.edit).not.toHaveBeenCalled();

    // A long one: the row is reused for another contact; the edit goes to contact 3, not to the new one.
    await scrollToRow(150);
    expect(handlers.edit).toHaveBeenCalledTimes(1);
    expect(handlers.edit).toHaveBeenCalledWith(contacts[2], 'contactName', '새 이름');
    expect(document.activeElement).not.toBe(input);
    expect(input.getAttribute('aria-label')).not.toBe('Name of 연락처 3');
    expect(input.value).toBe(input.getAttribute('aria-label')!.replace('Name of ', ''));
  });

  it('reuses row elements as the window moves and keeps them in index order', async () => {
    const { scrollToRow } = renderTable();
    await scrollToRow(50);
    const before = new Set(screen.getAllByRole('row'));
    await scrollToRow(100);
    expect(screen.getAllByRole('row').every((row) => before.has(row))).toBe(true);
    await waitFor(() => expect(rowIndexes()).toEqual([...rowIndexes()].sort((a, b) => a - b)));
    expect(rowIndexes()[0]).toBe(100 - 4 + 2);
    expect(nameInput(100).value).toBe('연락처 100');
  });

  it('checks the contact the row shows after it was reused', async () => {
    const user = userEvent.setup();
    const { handlers, scrollToRow } = renderTable();
    await scrollToRow(200);
    await user.click(screen.getByRole('checkbox', { name: 'Select 연락처 201' }));
    expect(handlers.check).toHaveBeenCalledWith(contacts[200], true);
  });

  it('offers the fixed values of a cell as a list with their meaning, and saves the one picked with the keyboard', async () => {
    const user = userEvent.setup();
    const { handlers } = renderTable();
    const status = screen.getByRole('button', { name: /Completion Status of 연락처 1(?!\d)/ });
    act(() => status.focus());
    await user.keyboard('{Enter}');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      '— (none)',
      '1 · Friend addition requested or pending',
      '3 · New chat name in use',
      '5 · Existing chat name kept',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(handlers.edit).toHaveBeenCalledWith(contacts[0], 'completionStatus', '3');
    expect(screen.queryByRole('textbox', { name: /Checklist Confirmation of/ })).toBeNull();
  });

  it('opens a list cell with an arrow key and gives it the focus back when the list closes; only an opened cell holds a list box', async () => {
    const user = userEvent.setup();
    renderTable();
    // A list box brings a hidden form select with it: a closed table has none.
    expect(document.querySelectorAll('select')).toHaveLength(0);
    const name = /Start Status of 연락처 1(?!\d)/;
    const status = screen.getByRole('button', { name });
    expect(status.getAttribute('aria-haspopup')).toBe('listbox');
    expect(status.textContent).toContain('—');
    act(() => status.focus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(document.querySelectorAll('select')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name })));
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).not.toMatch(name);
    expect(document.querySelectorAll('select')).toHaveLength(0);
  });

  it('shows a checklist in any spelling as its listed value, and an unknown code as it is, marked', async () => {
    const user = userEvent.setup();
    const { handlers } = renderTable();
    expect(screen.getByRole('button', { name: /Checklist Confirmation of 연락처 2(?!\d)/ }).textContent).toContain(
      'inconsistency',
    );
    await user.click(screen.getByRole('button', { name: /Completion Status of 연락처 2(?!\d)/ }));
    expect(screen.getByRole('option', { name: '2 (not in the list)', selected: true })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: '2 (not in the list)' }));
    expect(handlers.edit).not.toHaveBeenCalled();
  });

  it('refuses a value that is not an e-mail address in the e-mail cell: marked there, not saved', async () => {
    const user = userEvent.setup();
    const { handlers } = renderTable();
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email of 연락처 1' });
    await user.type(email, '김민준{Enter}');
    expect(handlers.edit).not.toHaveBeenCalled();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Please enter a valid email address.',
    );
    expect(email.value).toBe('김민준');

    await user.clear(email);
    await user.type(email, 'minjun@example.com{Enter}');
    expect(handlers.edit).toHaveBeenCalledWith(contacts[0], 'email', 'minjun@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });
});
