import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Dialog, DialogActions, DialogFormActions } from './dialog.tsx';

function NameForm({ onSave }: { onSave: (name: string) => void }) {
  const formId = useId();
  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(String(new FormData(event.currentTarget).get('name')));
      }}
    >
      <label>
        Name <input name="name" />
      </label>
      <DialogFormActions form={formId} isSaving={false} />
    </form>
  );
}

const body = () => document.querySelector('[data-dialog-body]') as HTMLElement;
const footer = () => document.querySelector('[data-dialog-footer]') as HTMLElement;

describe('Dialog', () => {
  it('keeps the title above and the actions below the one region that scrolls', async () => {
    render(
      <Dialog title="Column Settings" isOpen onOpenChange={() => {}}>
        <p>A long body</p>
        <DialogActions>
          <Button>Save</Button>
        </DialogActions>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Column Settings' });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(footer().contains(save)).toBe(true);
    expect(body().contains(save)).toBe(false);
    expect(body().textContent).toContain('A long body');
    expect(body().className).toContain('overflow-y-auto');
    expect(body().className).toContain('min-h-0');
    // Title, body, footer: in this order, the dialog a column no taller than the window.
    expect(
      [...dialog.children].map((child) => child.tagName + (child.hasAttribute('data-dialog-footer') ? ':footer' : '')),
    ).toEqual(['H2', 'DIV', 'DIV:footer']);
    expect(dialog.className).toMatch(/flex-col/);
    expect(dialog.className).toMatch(/max-h-\[calc\(100dvh-2rem\)\]/);
  });

  it('submits the body’s form from the pinned footer, with Enter as with Save', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(
      <Dialog title="Add Group" isOpen onOpenChange={() => {}}>
        <NameForm onSave={onSave} />
      </Dialog>,
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(footer().contains(save)).toBe(true);
    await user.type(screen.getByLabelText('Name'), '배우{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('배우'));
    await user.click(save);
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows no footer when the dialog has no actions', () => {
    render(
      <Dialog title="Sending" isOpen onOpenChange={() => {}}>
        <p>Sending…</p>
      </Dialog>,
    );
    expect(footer().childElementCount).toBe(0);
  });

  it('closes from a Cancel in the footer', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Dialog title="Memo" isOpen onOpenChange={onOpenChange}>
        <DialogActions>
          <Button slot="close">Cancel</Button>
        </DialogActions>
      </Dialog>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
